import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** The app's version, as the web build defines it (apps/web/vite.config.ts). */
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** Server test files that mock a module or the clock: they run isolated (see the projects below). */
const mockingServerTests = [
  'apps/server/src/modules/auth/sign-in-abuse.test.ts',
  'apps/server/src/modules/auth/password-reset.test.ts',
  'apps/server/src/plugins/embedded-maintenance.test.ts',
  'apps/server/src/pay-week.test.ts',
];

export default defineConfig({
  test: {
    // One worker more than there are CPUs: the API tests wait on timers and sockets a third of the
    // time, and with one worker per CPU the two CPUs of the development machine were idle that much
    // (the embedded run took 130 s with 2 workers, 90–100 s with 3, 121 s with 4).
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          // Files that mock modules or timers get a fresh module registry each (server-isolated).
          exclude: mockingServerTests,
          globalSetup: ['apps/server/test/global-setup.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 60_000,
          // The server's modules are loaded once per worker, not once per file: importing the app
          // was two thirds of this project's time. Each file still builds its app on a database of
          // its own (test/app.ts), so no state is shared but the code.
          isolate: false,
        },
      },
      {
        test: {
          name: 'server-isolated',
          include: mockingServerTests,
          globalSetup: ['apps/server/test/global-setup.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'shared', include: ['packages/shared/**/*.test.ts'], environment: 'node' } },
      // The web app's logic and data that need no browser (the browser tests cover the screens).
      {
        define: { __APP_VERSION__: JSON.stringify(version) },
        test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], environment: 'node' },
      },
    ],
  },
});
