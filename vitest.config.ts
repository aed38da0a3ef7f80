import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/** The app's version, as the web build defines it (apps/web/vite.config.ts). */
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
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
