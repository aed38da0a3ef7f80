/**
 * `npm test`: the whole suite, then one closing line "N passed, N failed, N skipped".
 *  1. API and unit tests on embedded PGlite;
 *  2. the API tests again on PostgreSQL when TEST_DATABASE_URL is set (with TEST_REDIS_URL, the
 *     multi-process checks too);
 *  3. the browser tests in Chromium against the built app.
 * Parts that need a missing service are skipped and say so. The summary gives each stage's duration
 * and names every failed test; a browser test that passed only on a retry counts as failed (the
 * suite runs without retries: a test that needs one has a cause to find).
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
const failedTests: string[] = [];
const stages: { label: string; seconds: number }[] = [];
const suiteStarted = performance.now();
let broken = false;

function run(label: string, command: string, args: string[], env: Record<string, string | undefined> = {}) {
  console.log(`\n=== ${label} ===`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  stages.push({ label, seconds: (performance.now() - started) / 1000 });
  if (result.status !== 0) console.log(`--- ${label}: exit code ${result.status}`);
  return result.status === 0;
}

const formatSeconds = (seconds: number) =>
  seconds >= 60 ? `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s` : `${seconds.toFixed(1)} s`;

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; assertionResults: { fullName: string; status: string }[] }[];
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: { title: string; file: string; line: number; tests: { status: string }[] }[];
  suites?: PlaywrightSuite[];
}

/** Every browser test with its outcome: expected, unexpected, flaky or skipped. */
function playwrightTests(
  suites: PlaywrightSuite[],
  titles: string[] | null = null,
): { name: string; location: string; status: string }[] {
  return suites.flatMap((suite) => {
    // The top level is one suite per file, named by it: the file is in the spec's name already.
    const path = titles === null ? [] : [...titles, suite.title];
    return [
      ...(suite.specs ?? []).flatMap((spec) =>
        spec.tests.map((test) => ({
          name: `${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}`,
          location: `${spec.file}:${spec.line}`,
          status: test.status,
        })),
      ),
      ...playwrightTests(suite.suites ?? [], path),
    ];
  });
}

function countVitest(file: string, label: string, ok: boolean) {
  if (!existsSync(file)) {
    broken = true;
    notes.push(`${label}: no results (the run crashed)`);
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
  for (const testFile of report.testResults) {
    for (const test of testFile.assertionResults) {
      if (test.status === 'failed')
        failedTests.push(`${label}: ${path.relative(root, testFile.name)} › ${test.fullName}`);
    }
  }
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
vitestRun(
  'API and unit tests (embedded PGlite)',
  ['server', 'server-isolated', 'shared', 'web'],
  'pglite.json',
  {
    TEST_DATABASE_URL: '',
    TEST_REDIS_URL: '',
  },
);

// 2. Real PostgreSQL (and Redis for the multi-process checks).
if (process.env.TEST_DATABASE_URL) {
  vitestRun('API tests (PostgreSQL)', ['server', 'server-isolated'], 'postgres.json', {});
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
    const report = readPlaywrightReport(file);
    const { stats } = report;
    const flaky = stats.flaky ?? 0;
    const failedBrowserTests = playwrightTests(report.suites).filter(
      (test) => test.status === 'unexpected' || test.status === 'flaky',
    );
    for (const test of failedBrowserTests) {
      failedTests.push(`browser: ${test.name}${test.status === 'flaky' ? ' (passed only on a retry)' : ''}`);
    }
    totals.passed += stats.expected;
    totals.failed += stats.unexpected + flaky;
    totals.skipped += stats.skipped;
    notes.push(
      `browser tests: ${stats.expected} passed, ${stats.unexpected} failed, ${stats.skipped} skipped, ${flaky} flaky (counted as failed)`,
    );
    if (!ok && stats.unexpected === 0) {
      broken = true;
      notes.push('browser tests: FAILED with no failed test (see the errors above)');
    }
    if (failedBrowserTests.length > 0) traceFailedBrowserTests(failedBrowserTests, chrome);
  } else {
    broken = true;
    notes.push('browser tests: no results (the run crashed)');
  }
}

function readPlaywrightReport(file: string) {
  return JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; skipped: number; flaky?: number };
    suites: PlaywrightSuite[];
  };
}

/**
 * The suite runs without tracing: recording every test's trace (DOM snapshots, screencast) cost a
 * third of its time on a 2-core machine, for traces nobody opens when the tests pass. The tests that
 * failed run again, alone and traced, so that each failure still comes with its trace. That run
 * decides nothing: the first run's failures stand, and one that passes now is a flaky test to mend.
 */
function traceFailedBrowserTests(tests: { name: string; location: string }[], chrome: string) {
  if (tests.length > 10) {
    notes.push('failed browser tests not run again with tracing: more than 10 failed');
    return;
  }
  const tracedArtifacts = path.join(root, 'e2e', '.artifacts', 'traced');
  rmSync(tracedArtifacts, { recursive: true, force: true });
  run(
    'failed browser tests, again with tracing',
    'npm',
    ['test', '-w', '@brigade/e2e', '--', '--trace', 'on', ...new Set(tests.map((test) => test.location))],
    { CHROME_PATH: chrome, E2E_ARTIFACTS: tracedArtifacts },
  );
  const file = path.join(tracedArtifacts, 'results.json');
  if (!existsSync(file)) {
    notes.push('failed browser tests, traced run: no results');
    return;
  }
  const again = new Map(
    playwrightTests(readPlaywrightReport(file).suites).map((test) => [test.name, test.status]),
  );
  for (const test of tests) {
    const outcome = again.get(test.name);
    notes.push(
      `traced again: ${test.name}: ${outcome === 'expected' ? 'passed this time (flaky: still a failure, find its cause)' : outcome === 'unexpected' ? 'failed again' : `not run (${outcome ?? 'not found'})`}`,
    );
  }
  notes.push(
    `traces of the failed browser tests: ${path.relative(root, path.join(tracedArtifacts, 'test-results'))}`,
  );
}

console.log('\n=== summary ===');
for (const note of notes) console.log(`- ${note}`);
console.log('durations:');
for (const stage of stages) console.log(`  ${stage.label.padEnd(44)} ${formatSeconds(stage.seconds)}`);
console.log(`  ${'whole run'.padEnd(44)} ${formatSeconds((performance.now() - suiteStarted) / 1000)}`);
if (failedTests.length > 0) {
  console.log('failed tests:');
  for (const name of failedTests) console.log(`  ✗ ${name}`);
}
console.log(
  `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped${broken ? ' — the run is BROKEN (see above)' : ''}`,
);
process.exit(totals.failed > 0 || broken ? 1 : 0);
