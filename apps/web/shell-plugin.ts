import type { Plugin } from 'vite';
import { buildTranslations } from './i18n-plugin.ts';
import { paintShell, type ShellData, type ShellRoute, shellMarkup } from './src/app/shell/shell.ts';
import { tabTitle } from './src/lib/documentTitle.ts';
import { firstScreenRequests, startEarly } from './src/lib/earlyData.ts';
import { firstScreenPatterns, rankedRoutes, routePattern } from './src/lib/routeTable.ts';
import { startTranslations } from './src/lib/startTranslations.ts';

type Tree = { [key: string]: string | Tree };

function translated(tree: Tree, key: string): string {
  const value = key
    .split('.')
    .reduce<string | Tree | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      tree,
    );
  if (typeof value !== 'string') throw new Error(`shell: no translation for ${key}`);
  return value;
}

/**
 * The routes the frame is drawn for (signed-in ones), ranked as the router ranks them: a path with
 * a fixed segment where another has a parameter (`/employees/create`, `/employees/:id`) comes first.
 */
export function shellRoutes(translations: Record<'fr' | 'en', Tree>): ShellRoute[] {
  return rankedRoutes()
    .filter((route) => route.access !== 'public' && !route.redirectTo)
    .map((route) => ({
      pattern: routePattern(route.path),
      roles: (route.access as readonly string[]).join(','),
      title: {
        fr: translated(translations.fr, route.titleKey),
        en: translated(translations.en, route.titleKey),
      },
    }));
}

/**
 * A few lines for the page's head: they start the download of the translations file the app will
 * open with (lib/startTranslations.ts: its language, the whole or the first screen's) with the
 * page, as a `<link rel="preload">` would, which cannot know the person's language nor screen.
 */
function translationsPreload(): string {
  const storage = `{token:localStorage.getItem('brigade.token'),user:localStorage.getItem('brigade.user'),language:localStorage.getItem('brigade.language')}`;
  return `try{var l=document.createElement('link');l.rel='preload';l.as='fetch';l.crossOrigin='anonymous';l.href=(${startTranslations.toString()})(location.pathname,${storage},${JSON.stringify(firstScreenPatterns())});document.head.appendChild(l)}catch(e){}`;
}

/**
 * Inlines the signed-in frame's script (src/app/shell/shell.ts) into index.html, right after the
 * root element, with the route table's titles in both languages: it runs as soon as the stylesheet
 * is there, before the first paint, and long before the app's scripts have arrived.
 */
export function appShell(version: string): Plugin {
  let root = process.cwd();
  return {
    name: 'brigade-app-shell',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml(html) {
      const translations = buildTranslations(root);
      const data: ShellData = {
        routes: shellRoutes(translations),
        version,
        text: {
          fr: {
            greeting: translated(translations.fr, 'menu.greeting'),
            loading: translated(translations.fr, 'common.loading'),
          },
          en: {
            greeting: translated(translations.en, 'menu.greeting'),
            loading: translated(translations.en, 'common.loading'),
          },
        },
      };
      const script = `(${paintShell.toString()})(${JSON.stringify(data).replaceAll('<', '\\u003c')}, ${shellMarkup.toString()}, ${tabTitle.toString()}, ${firstScreenRequests.toString()}, ${startEarly.toString()});`;
      const marker = '<!-- app-shell -->';
      if (!html.includes(marker)) throw new Error(`shell: index.html has no ${marker}`);
      const preloadMarker = '<!-- translations-preload -->';
      if (!html.includes(preloadMarker)) throw new Error(`shell: index.html has no ${preloadMarker}`);
      return html
        .replace(marker, `<script>${script}</script>`)
        .replace(preloadMarker, `<script>${translationsPreload()}</script>`);
    },
  };
}
