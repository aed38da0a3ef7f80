import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTranslations, firstScreenTranslations } from '../../i18n-plugin.ts';
import { firstScreenRequests } from './earlyData.ts';
import { firstScreenPatterns } from './routeTable.ts';
import { startTranslations } from './startTranslations.ts';

const worker = JSON.stringify({
  id: 'w',
  firstName: 'Luc',
  lastName: 'Gagnon',
  role: 'employee',
  language: 'en',
});
const session = (user: string | null, language: string | null = null) => ({ token: 'a.b.c', user, language });

describe('the translations file the app opens with', () => {
  it("is the first screen's own for a signed-in session opening the time logger, in its language", () => {
    const patterns = firstScreenPatterns();
    expect(startTranslations('/time-logger', session(worker), patterns)).toBe('/assets/i18n/en.field.json');
    expect(startTranslations('/time-logger/', session(worker), patterns)).toBe('/assets/i18n/en.field.json');
    expect(startTranslations('/time-logger/3f2c', session(worker), patterns)).toBe(
      '/assets/i18n/en.field.json',
    );
  });

  it("is the whole interface's anywhere else, signed out, or for a stored user that does not read", () => {
    const patterns = firstScreenPatterns();
    expect(startTranslations('/time-entries', session(worker), patterns)).toBe('/assets/i18n/en.json');
    expect(startTranslations('/time-logger', { token: null, user: worker, language: null }, patterns)).toBe(
      '/assets/i18n/fr.json',
    );
    expect(startTranslations('/time-logger', session('{not json', 'en'), patterns)).toBe(
      '/assets/i18n/en.json',
    );
    expect(startTranslations('/login', { token: null, user: null, language: null }, patterns)).toBe(
      '/assets/i18n/fr.json',
    );
  });
});

describe("the first screen's translations (i18n-plugin.ts)", () => {
  const tree = {
    timeEntries: { comment: 'Commentaire', other: 'Autre', nested: { a: 'A', b: 'B' } },
    errors: { NOT_FOUND: 'Introuvable', FORBIDDEN: 'Interdit' },
    absences: { types: { sick: 'Maladie' }, title: 'Absences' },
    reports: { title: 'Rapports' },
  };
  const file = (code: string) => {
    const name = path.join(mkdtempSync(path.join(tmpdir(), 'i18n-')), 'Page.tsx');
    writeFileSync(name, code);
    return name;
  };

  it('keeps the keys the files write, whole groups under a dynamic key, and nothing else', () => {
    const picked = firstScreenTranslations(tree, [
      file('t(\'timeEntries.comment\'); t("timeEntries.nested");'),
      // A dynamic key, written as the app's files write it.
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the file's text, not a template here
      file('t(`errors.${code}`); t(`absences.types.${type}`); const file = "./x.tsx";'),
    ]);
    expect(picked).toEqual({
      timeEntries: { comment: 'Commentaire', nested: { a: 'A', b: 'B' } },
      errors: tree.errors,
      absences: { types: { sick: 'Maladie' } },
    });
  });

  it("holds every key of the real first screen's files that exists (one the logger draws, an error)", () => {
    const all = buildTranslations(new URL('../../', import.meta.url).pathname).fr;
    const web = new URL('../', import.meta.url).pathname;
    const picked = firstScreenTranslations(all, [
      path.join(web, 'features/time-entries/components/TimeEntryForm.tsx'),
      path.join(web, 'lib/errors.ts'),
    ]) as { timeEntries: Record<string, unknown>; errors: Record<string, unknown> };
    expect(picked.timeEntries.comment).toBe('Commentaire');
    expect(Object.keys(picked.errors).length).toBe(Object.keys(all.errors as object).length);
    expect(picked).not.toHaveProperty('reports');
  });
});

describe("the first screen's data the page asks for itself (lib/earlyData.ts)", () => {
  it("is the worker's defaults for today on their logger, as the app asks for them", () => {
    expect(firstScreenRequests('/time-logger', '', 'employee', '2026-11-29')).toEqual([
      '/api/time-entries/defaults?date=2026-11-29',
    ]);
  });

  it('is nothing for an office user, another day or worker (an address with a query), or another page', () => {
    expect(firstScreenRequests('/time-logger', '', 'admin', '2026-11-29')).toEqual([]);
    expect(firstScreenRequests('/time-logger', '?date=2026-11-20', 'employee', '2026-11-29')).toEqual([]);
    expect(firstScreenRequests('/time-entries', '', 'employee', '2026-11-29')).toEqual([]);
  });
});
