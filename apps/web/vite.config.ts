import { readFileSync } from 'node:fs';
import { constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
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

/**
 * The form controls of the field's screens (the time logger: the site search, the day and break
 * choices, the clock's selects, the comment), with the floating layer and the hooks under them, as
 * one chunk rather than the thirty-odd files of a few hundred bytes Rolldown cut them into: without
 * preload links, each level of those imports was one more round trip before the logger's first
 * paint, which Lighthouse's slow 4G counted as seconds. The office's forms use the same controls.
 */
const mantineFormComponents = [
  ...['Accordion', 'Checkbox', 'Combobox', 'ComboboxPopover', 'FileButton', 'FocusTrap', 'NativeSelect'],
  ...['Overlay', 'Popover', 'Portal', 'Radio', 'ScrollArea', 'SegmentedControl', 'Select', 'SimpleGrid'],
  ...['Textarea'],
  // The signed-in frame's (its menu's badges and tooltips, a phone's drawer) and the forms' sections.
  ...['Badge', 'Collapse', 'Fieldset', 'Tooltip'],
];
const mantineForms = new RegExp(
  String.raw`node_modules[\\/](@floating-ui[\\/]|react-remove-scroll|react-style-singleton[\\/]|use-callback-ref[\\/]|use-sidecar[\\/]|get-nonce[\\/]|tslib[\\/]|@mantine[\\/]hooks[\\/]|@mantine[\\/]core[\\/]esm[\\/]components[\\/](${mantineFormComponents.join('|')})[\\/])`,
);

/**
 * The modules each module imports statically, as the build parsed them (for the `field` group).
 */
const staticImports = new Map<string, readonly string[]>();
const moduleGraph: Plugin = {
  name: 'brigade-module-graph',
  moduleParsed(info) {
    staticImports.set(info.id, info.importedIds);
  },
};

/** Every module `roots` import statically, themselves included. */
function staticallyReached(roots: (id: string) => boolean): Set<string> {
  const reached = new Set<string>();
  const next = [...staticImports.keys()].filter(roots);
  for (let id = next.pop(); id !== undefined; id = next.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    next.push(...(staticImports.get(id) ?? []));
  }
  return reached;
}

/**
 * The worker's phone's first screen, the time logger (issue 25), in one chunk: its page and the
 * signed-in frame (AppLayout), with every module they import that the app's first file does not
 * have already and the groups above do not take (React, Mantine). Rolldown cut them into some
 * thirty files of a few hundred bytes, each a request a phone on a slow network waited for, level
 * after level of imports. The office's pages use the frame, and many of these small modules, too.
 */
let fieldModules: Set<string> | undefined;
const isFieldModule = (id: string) => {
  if (!fieldModules) {
    const entry = staticallyReached((each) => /[\\/]apps[\\/]web[\\/]src[\\/]main\.tsx$/.test(each));
    const field = staticallyReached((each) =>
      /[\\/]src[\\/](features[\\/]time-entries[\\/]pages[\\/]TimeLoggerPage|app[\\/]layout[\\/]AppLayout)\.tsx$/.test(
        each,
      ),
    );
    // Icons come through the library's index, which names them all: the ones each side's own
    // files name are told apart by reading those files.
    const entryIcons = iconsNamedBy(entry);
    const fieldIcons = [...iconsNamedBy(field)].filter((icon) => !entryIcons.has(icon));
    fieldModules = new Set([...[...field].filter((each) => !entry.has(each)), ...fieldIcons]);
  }
  return fieldModules.has(id);
};

/** The icon modules (@tabler/icons-react's) that the app's own files among `modules` import by name. */
function iconsNamedBy(modules: Set<string>): Set<string> {
  const iconModules = new Map<string, string>();
  for (const id of staticImports.keys()) {
    const icon = /@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/](Icon\w+)\.mjs$/.exec(id)?.[1];
    if (icon) iconModules.set(icon, id);
  }
  const named = new Set<string>();
  for (const id of modules) {
    if (id.includes('node_modules') || !/\.tsx?$/.test(id)) continue;
    const code = readFileSync(id, 'utf8');
    for (const [, names] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@tabler\/icons-react'/g)) {
      for (const name of names?.split(',') ?? []) {
        const module = iconModules.get(
          name
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0] ?? '',
        );
        if (module) named.add(module);
      }
    }
  }
  return named;
}

/**
 * What the app's first file imports, cut by Rolldown into a dozen files of a few hundred bytes
 * (the API client, i18n, the query cache's pieces…) because later screens import them too: one
 * chunk, loaded with the first file as they all were. Only the app's own files and TanStack Query;
 * the libraries' indexes name far more than the first file uses.
 */
let startModules: Set<string> | undefined;
const isStartModule = (id: string) => {
  if (!startModules) {
    const entry = staticallyReached((each) => /[\\/]apps[\\/]web[\\/]src[\\/]main\.tsx$/.test(each));
    startModules = new Set([
      ...[...entry].filter(
        (each) =>
          !each.includes('node_modules') ||
          /node_modules[\\/](@tanstack[\\/]|@mantine[\\/]notifications[\\/]esm[\\/]notifications\.store)/.test(
            each,
          ),
      ),
      // The icons the first file's own files name (the toasts', the sign-in page's).
      ...iconsNamedBy(entry),
    ]);
  }
  // Stylesheets stay with the first file: one stylesheet before the first paint, in its order.
  return startModules.has(id) && !/[\\/]src[\\/]main\.tsx$|\.css$/.test(id);
};

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
    appShell(),
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
            // After mantine-base (groups are taken in order): the hooks the login page uses stay there.
            {
              name: 'mantine-forms',
              test: mantineForms,
            },
            {
              name: 'start',
              test: isStartModule,
              includeDependenciesRecursively: false,
            },
            {
              name: 'field',
              test: isFieldModule,
              // Not what they import from the app's first file (the sign-in page would load it all).
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
