/**
 * `npm run test:e2e:at -- 2026-11-28T22:30-05:00 [playwright arguments]`: the browser suite as if it
 * ran at that moment (it then runs on from there). The suite must pass on any day of the week at any
 * hour: a Saturday evening (the pay week's last hours, a UTC date a day ahead of Toronto's) and a
 * Sunday morning (a new pay week with nothing in it yet) are the moments that catch a test or a
 * screen that counts days wrongly.
 *
 * The test server and the tests run under libfaketime (Debian's `faketime`); Chromium gets the same
 * time from Playwright's clock (e2e/fixtures.ts), as libfaketime keeps it from loading pages. Build
 * the app first (`npm run build`).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const [moment, ...playwrightArgs] = process.argv.slice(2);
const at = moment ? new Date(moment) : null;
if (!moment || !at || Number.isNaN(at.getTime()) || !/[zZ]|[+-]\d\d:?\d\d$/.test(moment)) {
  console.error('Usage: npm run test:e2e:at -- <moment with its offset, e.g. 2026-11-28T22:30-05:00> [args]');
  process.exit(2);
}
if (spawnSync('faketime', ['--help'], { stdio: 'ignore' }).error) {
  console.error('This needs libfaketime: apt-get install -y faketime');
  process.exit(2);
}

const toronto = new Intl.DateTimeFormat('fr-CA', {
  timeZone: 'America/Toronto',
  dateStyle: 'full',
  timeStyle: 'short',
}).format(at);
console.log(`Browser suite as of ${at.toISOString()} (${toronto} in America/Toronto)`);

// An offset from the real clock, not a moment to start from: every process of the run (the server,
// Playwright's workers, the servers some tests start later) then agrees on the time.
const offsetSeconds = Math.round((at.getTime() - Date.now()) / 1000);
const result = spawnSync(
  'faketime',
  [
    '-f',
    `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}`,
    process.execPath,
    path.join(import.meta.dirname, '..', 'e2e', 'run.ts'),
    ...playwrightArgs,
  ],
  // Timers and timeouts keep the real clock.
  { stdio: 'inherit', env: { ...process.env, FAKETIME_DONT_FAKE_MONOTONIC: '1' } },
);
process.exit(result.status ?? 1);
