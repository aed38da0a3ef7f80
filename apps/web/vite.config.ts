import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { translations } from './i18n-plugin.ts';

/** The app version is the repository's version (root package.json), sent as X-App-Version. */
const rootPackage = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), translations()],
  define: { __APP_VERSION__: JSON.stringify(rootPackage.version) },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  preview: { port: 4173 },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The framework every route runs on, in one chunk: React, the router and i18next
            // compress better together than spread over many small shared chunks (keeps the login
            // route within its 170 KB budget). Mantine and TanStack Query stay split: grouping
            // them would pull code only later screens use into the first download.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
