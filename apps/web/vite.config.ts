import { readFileSync } from 'node:fs';
import { constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkGroups, moduleGraph } from './chunk-groups.ts';
import { translations } from './i18n-plugin.ts';
import { mantineStableIds } from './mantine-ids-plugin.ts';
import { appShell } from './shell-plugin.ts';
import { personalApiCache } from './src/lib/personalCache.ts';

/** The app version is the repository's version (root package.json), sent as X-App-Version. */
const rootPackage = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const apiTarget = 'http://localhost:3000';

/**
 * The service worker (Workbox, written at build time as /sw.js) that makes the app open on a phone
 * without network, installed for workers and supervisors (src/lib/serviceWorker.ts):
 * - the whole build is precached (index.html, every script and stylesheet, both translations, the
 *   icons and the manifest), one version at a time: a page never mixes two releases' files. A new
 *   release waits until the person taps "Nouvelle version — recharger" (registerType: 'prompt');
 * - any page is answered with the precached index.html (the client router takes over), never an
 *   API path;
 * - of the API, only the worker's own screens' reads are kept, network first (the network's answer
 *   whenever there is one, the last one kept without): their week, the logger's sites and
 *   defaults, one of their entries, their assignations, themselves. Never an office list, and never
 *   another worker's week (`employeeId`): the office's pages always show the server's data.
 */
const serviceWorker = VitePWA({
  registerType: 'prompt',
  // Registered by the app itself (src/lib/serviceWorker.ts), only for the field's sessions.
  injectRegister: false,
  // public/manifest.webmanifest, linked from index.html.
  manifest: false,
  workbox: {
    globPatterns: ['**/*.{html,js,css,json,svg,webmanifest}'],
    // The largest script (the map's) is about 150 KB; nothing near the limit is left out.
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/],
    cleanupOutdatedCaches: true,
    // The first install takes the open page at once (its screens' reads are kept from then on); an
    // update only when the person asks for it (skipWaiting on the banner's message).
    clientsClaim: true,
    runtimeCaching: [
      {
        // Serialized into sw.js: the function can use nothing from this file.
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin &&
          /^\/api\/(users\/me|my-assignations|time-entries\/(week|defaults|sites|[0-9a-f-]{36}))$/.test(
            url.pathname,
          ) &&
          !url.searchParams.has('employeeId'),
        handler: 'NetworkFirst',
        method: 'GET',
        options: {
          cacheName: personalApiCache,
          cacheableResponse: { statuses: [200] },
          // A field session lasts weeks; what is older than that is of no use to anyone.
          expiration: { maxEntries: 80, maxAgeSeconds: 60 * 24 * 3600 },
        },
      },
    ],
  },
});

export default defineConfig({
  plugins: [
    moduleGraph,
    react(),
    mantineStableIds(),
    translations(),
    appShell(rootPackage.version),
    serviceWorker,
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
        codeSplitting: { groups: chunkGroups },
      },
    },
  },
});
