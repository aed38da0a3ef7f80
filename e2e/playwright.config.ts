import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const here = import.meta.dirname;
const artifacts = process.env.E2E_ARTIFACTS || path.join(here, '.artifacts');

/**
 * Browser tests against the built app. One server process (started by global-setup.ts on a free
 * port with a fresh DATA_DIR) serves every test; the system Chromium is used, never a download.
 */
export default defineConfig({
  testDir: path.join(here, 'tests'),
  outputDir: path.join(artifacts, 'test-results'),
  globalSetup: path.join(here, 'global-setup.ts'),
  // Two workers for a 2-core machine; tests of one file run in order in one worker. The tests that
  // change shared state have their own account (language) or their own server (password reset,
  // rate limits), so files can run side by side.
  workers: 2,
  fullyParallel: false,
  // No retries, in CI too: a test that passes only on a second try has a cause to find (often a
  // state the page shows while loading), and scripts/test.ts counts it as failed anyway.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: path.join(artifacts, 'results.json') }]],
  use: {
    ...devices['Desktop Chrome'],
    // Set by global-setup.ts before the workers start (the fixtures read the same value).
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1280, height: 800 },
    locale: 'fr-CA',
    timezoneId: 'America/Toronto',
    screenshot: 'only-on-failure',
    // No trace while the suite runs: recording one for every test cost a third of the suite's time
    // here. scripts/test.ts runs the tests that failed again, traced (`--trace on` overrides this).
    trace: 'off',
    // The app honours the setting (theme.respectReducedMotion): menus, modals and toasts open without
    // their transitions, frames the 2-core machine no longer draws and tests no longer wait for.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      // Not under libfaketime (scripts/e2e-at.ts): it keeps Chromium from loading pages. The
      // fixtures give the browser the faked time instead.
      ...(process.env.FAKETIME ? { env: { ...process.env, LD_PRELOAD: '' } } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
