import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { firstScreenSources } from './chunk-groups.ts';

/**
 * Translations live beside the code that uses them: `src/i18n/{lang}.json` for the shell and
 * `src/features/<feature>/i18n/{lang}.json` for each feature. This plugin merges them into the one
 * file per language the app fetches, `/assets/i18n/{lang}.json`, and refuses to build when a key
 * is defined twice or exists in one language but not the other.
 */
const languages = ['fr', 'en'] as const;
type Tree = { [key: string]: string | Tree };

function sources(root: string): string[] {
  const features = path.join(root, 'src', 'features');
  const folders = [path.join(root, 'src', 'i18n')];
  for (const entry of readdirSync(features, { withFileTypes: true })) {
    if (entry.isDirectory()) folders.push(path.join(features, entry.name, 'i18n'));
  }
  return folders;
}

function merge(target: Tree, source: Tree, file: string, prefix = ''): void {
  for (const [key, value] of Object.entries(source)) {
    const at = prefix ? `${prefix}.${key}` : key;
    const existing = target[key];
    if (typeof value === 'object') {
      if (typeof existing === 'string') throw new Error(`i18n: ${at} in ${file} is already a string`);
      target[key] = existing ?? {};
      merge(target[key] as Tree, value, file, at);
    } else {
      if (existing !== undefined) throw new Error(`i18n: ${at} defined twice (again in ${file})`);
      target[key] = value;
    }
  }
}

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

export function buildTranslations(root: string): Record<(typeof languages)[number], Tree> {
  const result = { fr: {} as Tree, en: {} as Tree };
  for (const folder of sources(root)) {
    for (const language of languages) {
      const file = path.join(folder, `${language}.json`);
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        continue;
      }
      merge(result[language], JSON.parse(text) as Tree, file);
    }
  }
  const fr = new Set(keys(result.fr));
  const en = new Set(keys(result.en));
  const onlyFr = [...fr].filter((k) => !en.has(k));
  const onlyEn = [...en].filter((k) => !fr.has(k));
  if (onlyFr.length || onlyEn.length) {
    throw new Error(
      `i18n: missing English for ${onlyFr.join(', ') || '-'}; missing French for ${onlyEn.join(', ') || '-'}`,
    );
  }
  return result;
}

/**
 * The part of the translations `files` name: each string written `'<group>.<key>…'` in them, with
 * what is under it (a dynamic key, `t(\`errors.${code}\`)`, names all of `errors`), as far as the
 * tree has it. A string that only looks like a key adds a little more, never less; a key made from
 * a variable alone (`t(key)`) is found where that key is written.
 */
export function firstScreenTranslations(tree: Tree, files: readonly string[]): Tree {
  const picked: Tree = {};
  const pick = (path: string[]) => {
    let from: string | Tree | undefined = tree;
    let to: Tree = picked;
    for (const [index, part] of path.entries()) {
      if (typeof from !== 'object' || !(part in from)) return;
      const next: string | Tree = from[part] as string | Tree;
      if (typeof next === 'string' || index === path.length - 1) {
        to[part] = next;
        return;
      }
      if (typeof to[part] !== 'object') to[part] = {};
      to = to[part] as Tree;
      from = next;
    }
  };
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    // 'timeEntries.comment', and the fixed part of `errors.${code}` or `absences.types.${type}.x`.
    for (const [, key = ''] of code.matchAll(/['"`]([a-zA-Z]+(?:\.[a-zA-Z0-9_]+)+)['"`]/g))
      pick(key.split('.'));
    for (const [, key = ''] of code.matchAll(/`([a-zA-Z]+(?:\.[a-zA-Z0-9_]+)*)\.\$\{/g)) pick(key.split('.'));
  }
  return picked;
}

export function translations(): Plugin {
  let root = process.cwd();
  return {
    name: 'brigade-translations',
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        // The first screen's file too (`fr.field.json`), whole in development.
        const match = /^\/assets\/i18n\/(fr|en)(\.field)?\.json$/.exec(request.url?.split('?')[0] ?? '');
        if (!match) return next();
        const language = match[1] as 'fr' | 'en';
        response.setHeader('Content-Type', 'application/json; charset=utf-8');
        response.end(JSON.stringify(buildTranslations(root)[language]));
      });
    },
    generateBundle() {
      const all = buildTranslations(root);
      const files = firstScreenSources();
      for (const language of languages) {
        this.emitFile({
          type: 'asset',
          fileName: `assets/i18n/${language}.json`,
          source: JSON.stringify(all[language]),
        });
        this.emitFile({
          type: 'asset',
          fileName: `assets/i18n/${language}.field.json`,
          source: JSON.stringify(firstScreenTranslations(all[language], files)),
        });
      }
    },
  };
}
