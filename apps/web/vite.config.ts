import { readFileSync } from 'node:fs';
import { constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { translations } from './i18n-plugin.ts';

/** The app version is the repository's version (root package.json), sent as X-App-Version. */
const rootPackage = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    translations(),
    // Every text asset is also written as .br and .gz at build time (at the strongest levels: the
    // cost is paid once per build, not per request); the server sends the variant the browser
    // accepts (plugins/web.ts, preCompressed). Brotli moves the login page in about a quarter of
    // the bytes, which is most of a phone's first paint on a slow network.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(html|css|json|js|mjs|svg|webmanifest|txt)$/,
      logLevel: 'silent',
    }),
  ],
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
    // No <link rel="modulepreload"> in the page nor appended before each lazy screen: Lighthouse
    // (mobile) measured the page painting a second later with them (the links compete with the
    // stylesheet for the first paint), and appending a link per chunk of a list screen (about a
    // hundred) cost a phone 80 ms of main thread. The browser finds the same files from the imports.
    modulePreload: false,
    sourcemap: process.env.SOURCEMAP === '1',
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
