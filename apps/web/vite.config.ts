import { readFileSync } from 'node:fs';
import { constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { translations } from './i18n-plugin.ts';
import { mantineStableIds } from './mantine-ids-plugin.ts';
import { appShell } from './shell-plugin.ts';

/** The app version is the repository's version (root package.json), sent as X-App-Version. */
const rootPackage = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const apiTarget = 'http://localhost:3000';

/**
 * The Mantine code of the login page (the components, the hooks under them, Mantine's core) as one
 * chunk rather than the 20-odd files of a kilobyte or two Rolldown cuts it into: a phone on a slow
 * network opens a handful of connections at a time, and every screen uses these anyway.
 */
const mantineBaseComponents = [
  ...['Alert', 'Anchor', 'ActionIcon', 'Box', 'Button', 'Center', 'CloseButton', 'Container', 'Group'],
  ...['Input', 'InputBase', 'Loader', 'Paper', 'PasswordInput', 'Stack', 'Text', 'TextInput', 'Title'],
  ...['Transition', 'UnstyledButton', 'VisuallyHidden'],
];
const mantineBaseHooks = [
  ...['use-did-update', 'use-id', 'use-isomorphic-effect', 'use-media-query', 'use-reduced-motion'],
  ...['use-uncontrolled', 'utils'],
];
const mantineBase = new RegExp(
  String.raw`node_modules[\\/](clsx|@mantine[\\/]core[\\/]esm[\\/](core|components[\\/](${mantineBaseComponents.join('|')}))|@mantine[\\/]hooks[\\/]esm[\\/](${mantineBaseHooks.join('|')}))[\\/]`,
);

export default defineConfig({
  plugins: [
    react(),
    mantineStableIds(),
    translations(),
    appShell(),
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
            // route within its 170 KB budget). The Mantine code of the login page is one chunk
            // (mantineBase); the rest of Mantine stays split by screen: as one more group it came
            // with the login page's code, and Lighthouse scored the login page lower.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next)[\\/]/,
            },
            {
              name: 'mantine-base',
              test: mantineBase,
            },
          ],
        },
      },
    },
  },
});
