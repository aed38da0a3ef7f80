import type { Plugin } from 'vite';

/** The module of @mantine/hooks whose useId every Mantine component calls. */
const mantineUseIdModule = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/**
 * Mantine's useId starts from React's id, then swaps it for a random one in a layout effect once
 * the component has mounted (a React 17 leftover). So every Mantine input, select, popover and
 * AppShell section renders twice on mount, the second time synchronously inside React's commit,
 * which also makes React run the whole new tree's effects in that same task: on a phone, the
 * employees list's first screen spent one long task on it (measured with `npm run bench`,
 * Lighthouse mobile). React's own useId is stable and unique within the root, so the build hands
 * Mantine a useId that returns it (with only the characters a CSS selector takes).
 */
export function mantineStableIds(): Plugin {
  let replaced = false;
  return {
    name: 'brigade:mantine-stable-ids',
    enforce: 'pre',
    buildStart() {
      replaced = false;
    },
    load(id) {
      if (!mantineUseIdModule.test(id)) return null;
      replaced = true;
      return [
        "import { useId as useReactId } from 'react';",
        'export function useId(staticId) {',
        '  const reactId = useReactId();',
        "  return typeof staticId === 'string' ? staticId : 'mantine-' + reactId.replace(/[^\\w-]/g, '');",
        '}',
      ].join('\n');
    },
    buildEnd(error) {
      // A Mantine upgrade that moves the file would silently bring the double render back.
      if (!error && !replaced && this.meta.watchMode === false) {
        this.error(
          'mantine-stable-ids: @mantine/hooks/esm/use-id/use-id.mjs was not built; update the plugin',
        );
      }
    },
  };
}
