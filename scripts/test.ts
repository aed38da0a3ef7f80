/**
 * `npm test`: the whole suite, then one closing line "N passed, N failed, N skipped".
 *  1. API and unit tests on embedded PGlite;
 *  2. the API tests again on PostgreSQL when TEST_DATABASE_URL is set (with TEST_REDIS_URL, the
 *     multi-process checks too);
 *  3. the browser tests in Chromium against the built app.
 * Parts that need a missing service are skipped and say so.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const artifacts = path.join(root, 'node_modules', '.cache', 'brigade-test');
rmSync(artifacts, { recursive: true, force: true });
mkdirSync(artifacts, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const notes: string[] = [];
let broken = false;

function run(label: string, command: string, args: string[], env: Record<string, string | undefined> = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) console.log(`--- ${label}: exit code ${result.status}`);
  return result.status === 0;
}

function countVitest(file: string, label: string, ok: boolean) {
  if (!existsSync(file)) {
    broken = true;
    notes.push(`${label}: no results (the run crashed)`);
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  notes.push(
    `${label}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`,
  );
  if (!ok && report.numFailedTests === 0) {
    broken = true;
    notes.push(`${label}: FAILED with no failed test (unhandled errors: see "Unhandled Errors" above)`);
  }
}

const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const vitestRun = (
  label: string,
  projects: string[],
  output: string,
  env: Record<string, string | undefined>,
) => {
  const file = path.join(artifacts, output);
  const args = [
    vitest,
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ];
  countVitest(file, label, run(label, process.execPath, args, env));
};

// 1. Embedded database.
vitestRun('API and unit tests (embedded PGlite)', ['server', 'shared', 'web'], 'pglite.json', {
  TEST_DATABASE_URL: '',
  TEST_REDIS_URL: '',
});

// 2. Real PostgreSQL (and Redis for the multi-process checks).
if (process.env.TEST_DATABASE_URL) {
  vitestRun('API tests (PostgreSQL)', ['server'], 'postgres.json', {});
  if (!process.env.TEST_REDIS_URL) notes.push('multi-process checks skipped: TEST_REDIS_URL is not set');
} else {
  notes.push(
    'PostgreSQL run skipped: TEST_DATABASE_URL is not set (the API suite ran on embedded PGlite only)',
  );
  notes.push('multi-process checks skipped: they need TEST_DATABASE_URL and TEST_REDIS_URL');
}

// 3. Browser tests.
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (process.env.SKIP_E2E === '1') {
  notes.push('browser tests skipped: SKIP_E2E=1');
} else if (!existsSync(chrome)) {
  broken = true;
  notes.push(
    `browser tests NOT run: no Chromium at ${chrome} (apt-get install chromium, or set CHROME_PATH)`,
  );
} else if (!run('web build', 'npm', ['run', 'build', '--silent'])) {
  broken = true;
  notes.push('browser tests NOT run: the web build failed');
} else {
  const ok = run('browser tests (Chromium)', 'npm', ['test', '-w', '@brigade/e2e'], { CHROME_PATH: chrome });
  const file = path.join(root, 'e2e', '.artifacts', 'results.json');
  if (existsSync(file)) {
    const { stats } = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += stats.expected + (stats.flaky ?? 0);
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    notes.push(
      `browser tests: ${stats.expected} passed, ${stats.unexpected} failed, ${stats.skipped} skipped, ${stats.flaky ?? 0} flaky`,
    );
    if (!ok && stats.unexpected === 0) {
      broken = true;
      notes.push('browser tests: FAILED with no failed test (see the errors above)');
    }
  } else {
    broken = true;
    notes.push('browser tests: no results (the run crashed)');
  }
}

console.log('\n=== summary ===');
for (const note of notes) console.log(`- ${note}`);
console.log(
  `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped${broken ? ' — the run is BROKEN (see above)' : ''}`,
);
process.exit(totals.failed > 0 || broken ? 1 : 0);
