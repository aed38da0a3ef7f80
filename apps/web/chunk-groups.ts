/**
 * How the build cuts the app into files (Rolldown's code-splitting groups, used by vite.config.ts).
 *
 * Why groups at all: left to itself, Rolldown cut the worker's first screen into some sixty files of
 * a few hundred bytes, and a phone on a slow network waited for them level after level of imports.
 * Each group below is one file for what a screen needs together; they are taken in order, a module
 * going to the first group whose test it passes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

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
 * The libraries under the form controls (Mantine's components and hooks, the floating layer and
 * what it stands on), of which the `mantine-forms` group takes those the field's first screen uses.
 */
const formLibraries =
  /node_modules[\\/](@floating-ui[\\/]|react-remove-scroll|react-style-singleton[\\/]|use-callback-ref[\\/]|use-sidecar[\\/]|get-nonce[\\/]|tslib[\\/]|@mantine[\\/]hooks[\\/]|@mantine[\\/]core[\\/]esm[\\/]components[\\/])/;

/** The modules each module imports statically, as the build parsed them. */
const staticImports = new Map<string, readonly string[]>();

/** Records the module graph as the build parses it (first in vite.config.ts's plugins). */
export const moduleGraph: Plugin = {
  name: 'brigade-module-graph',
  moduleParsed(info) {
    staticImports.set(info.id, info.importedIds);
  },
};

/**
 * The libraries whose index re-exports everything they have (Mantine's hundreds of components and
 * hooks, its modals' provider and its toasts' container, Tabler's thousands of icons): a file
 * importing one name from them does not use the rest.
 */
const barrelIndex =
  /node_modules[\\/](@mantine[\\/](core|hooks|modals|notifications)[\\/]esm[\\/]index\.mjs|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]tabler-icons-react\.mjs)$/;
const barrelPackage = (id: string) =>
  /node_modules[\\/](@[^\\/]+[\\/][^\\/]+)[\\/]/.exec(id)?.[1]?.replace('\\', '/');

/** A barrel index's exports: each exported name and the module it comes from. */
const barrelExports = new Map<string, Map<string, string>>();
function exportsOf(barrel: string): Map<string, string> {
  let exports = barrelExports.get(barrel);
  if (exports) return exports;
  exports = new Map();
  const code = readFileSync(barrel, 'utf8');
  const from = (relative: string) => path.resolve(path.dirname(barrel), relative);
  const local = new Map<string, string>();
  // `import { a, b as c } from "./x.mjs"` then `export { a, c as d }` (Mantine's), or
  // `export { default as IconA, default as IconB } from "./icons/IconA.mjs"` (Tabler's).
  for (const [, names = '', relative = ''] of code.matchAll(
    /import\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/g,
  )) {
    for (const name of names.split(',')) {
      const [, as] = name.trim().split(/\s+as\s+/);
      local.set((as ?? name).trim(), from(relative));
    }
  }
  for (const [, names = '', relative] of code.matchAll(
    /export\s*\{([^}]*)\}(?:\s*from\s*["'](\.[^"']+)["'])?/g,
  )) {
    for (const name of names.split(',')) {
      const [inner = '', exported] = name.trim().split(/\s+as\s+/);
      const module = relative ? from(relative) : local.get(inner.trim());
      if (module && inner.trim()) exports.set((exported ?? inner).trim(), module);
    }
  }
  barrelExports.set(barrel, exports);
  return exports;
}

/**
 * The modules `importer` uses from `barrel`: those it names in `import { … } from '<package>'`;
 * the whole barrel when it imports it otherwise (`import * as`), or names none we can read.
 */
function usedFromBarrel(importer: string, barrel: string): readonly string[] {
  const pkg = barrelPackage(barrel);
  const exports = exportsOf(barrel);
  let code: string;
  try {
    code = readFileSync(importer.replace(/\?.*$/, ''), 'utf8');
  } catch {
    return [barrel];
  }
  const modules: string[] = [];
  const quoted = `["']${pkg?.replace('/', String.raw`\/`)}["']`;
  for (const [, names = ''] of code.matchAll(
    new RegExp(String.raw`import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*${quoted}`, 'g'),
  )) {
    for (const name of names.split(',')) {
      const imported =
        name
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0] ?? '';
      const module = exports.get(imported);
      if (module) modules.push(module);
    }
  }
  if (new RegExp(String.raw`import\s*\*\s*as\s+\w+\s+from\s*${quoted}`).test(code)) return [barrel];
  return modules;
}

/**
 * Every module `roots` import statically, themselves included; through a barrel index, only the
 * modules of the names imported (what the build keeps of it), not all it re-exports.
 */
function staticallyReached(roots: (id: string) => boolean): Set<string> {
  const reached = new Set<string>();
  const next = [...staticImports.keys()].filter(roots);
  for (let id = next.pop(); id !== undefined; id = next.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    for (const imported of staticImports.get(id) ?? []) {
      if (barrelIndex.test(imported)) next.push(...usedFromBarrel(id, imported));
      else next.push(imported);
    }
  }
  return reached;
}

const isEntry = (id: string) => /[\\/]apps[\\/]web[\\/]src[\\/]main\.tsx$/.test(id);
/** The worker's phone's first screen (issue 25): the time logger's page and the signed-in frame. */
const isFieldRoot = (id: string) =>
  /[\\/]src[\\/](features[\\/]time-entries[\\/]pages[\\/]TimeLoggerPage|app[\\/]layout[\\/]AppLayout)\.tsx$/.test(
    id,
  );

let reachedFromEntry: Set<string> | undefined;
let reachedFromField: Set<string> | undefined;
const entryModules = () => (reachedFromEntry ??= staticallyReached(isEntry));
const fieldModules = () => (reachedFromField ??= staticallyReached(isFieldRoot));

/**
 * The form controls the field's first screen uses (the time logger: the site search, the clock's
 * selects, the comment, the photo button; the frame's), with the floating layer and the hooks under
 * them, as one chunk. The office's forms use the same controls and load it too; the controls only
 * the office uses (tooltips, check boxes, segmented controls, the lists' hooks) stay with the
 * screens that use them instead of riding along on a phone.
 */
const isFieldFormModule = (id: string) => formLibraries.test(id) && fieldModules().has(id);

/**
 * What the app's first file imports, cut by Rolldown into a dozen files of a few hundred bytes
 * (the API client, i18n, the query cache's pieces…) because later screens import them too: one
 * chunk, loaded with the first file as they all were. The app's own files, TanStack Query and the
 * icons the first screens name; stylesheets stay with the first file (one stylesheet before the
 * first paint, in its order).
 */
const isStartModule = (id: string) =>
  entryModules().has(id) &&
  !/[\\/]src[\\/]main\.tsx$|\.css$/.test(id) &&
  (!id.includes('node_modules') ||
    /node_modules[\\/](@tanstack[\\/]|@mantine[\\/]notifications[\\/]esm[\\/]notifications\.store|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/])/.test(
      id,
    ));

/**
 * The worker's first screen in one chunk: its page and the signed-in frame, with every module they
 * import that the app's first file does not have already and the groups above do not take. The
 * office's pages use the frame, and many of these modules, too.
 */
const isFieldModule = (id: string) => fieldModules().has(id) && !entryModules().has(id);

/**
 * The app's own source files the worker's first screen runs (the app's start, the time logger and
 * the signed-in frame): the translations they name make that screen's own file (i18n-plugin.ts).
 */
export function firstScreenSources(): string[] {
  return [...entryModules(), ...fieldModules()].filter(
    (id) => !id.includes('node_modules') && /\.tsx?$/.test(id),
  );
}

/** Rolldown's `output.codeSplitting.groups`, in order. */
export const chunkGroups = [
  // The framework every route runs on, in one chunk: React, the router and i18next compress better
  // together than spread over many small shared chunks (keeps the login route within its 170 KB
  // budget).
  {
    name: 'framework',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next)[\\/]/,
  },
  { name: 'mantine-base', test: mantineBase },
  // After mantine-base: the hooks the login page uses stay there.
  { name: 'mantine-forms', test: isFieldFormModule },
  { name: 'start', test: isStartModule, includeDependenciesRecursively: false },
  // Not what they import from the app's first file (the sign-in page would load it all).
  { name: 'field', test: isFieldModule, includeDependenciesRecursively: false },
];
