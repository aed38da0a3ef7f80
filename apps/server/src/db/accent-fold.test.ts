import { accentFold } from '@brigade/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';

// The embedded database here; PostgreSQL too when TEST_DATABASE_URL is set (buildTestApp).
const t = await buildTestApp();
const { app } = t;
let admin: Record<string, string>;

beforeAll(async () => {
  admin = (await t.signedIn('admin')).headers;
});

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));

/** Every letter and sign of Latin-1 Supplement and Latin Extended-A, alone, decomposed, in words. */
function sample(): string[] {
  const letters = [...range(0xa0, 0xff), ...range(0x100, 0x17f)];
  return [
    ...letters,
    ...letters.map((letter) => letter.normalize('NFD')),
    ...letters.map((letter) => `Ab${letter}Cd ${letter.toUpperCase()}x${letter.toLowerCase()}`),
    ...range(0x300, 0x36f).map((mark) => `e${mark}E`),
    'Dvořák',
    'DVORAK',
    'Dvor\u030Ca\u0301k',
    'CAFÉ Olé',
    'Cafe\u0301 ole\u0301',
    'Œuvre Æther Straße ẞ Þór ØRSTED Łódź Đorđe',
    'ﬁne ① ²',
    'Ωμέγα Привет',
  ];
}

describe('accent_fold() and accentFold()', () => {
  it('give the same key for every character of the Latin letters, composed or decomposed, in any case', async () => {
    const values = sample();
    const { rows } = (await t.db.execute(
      sql`select accent_fold(value) as folded
          from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) with ordinality as v(value, n) order by n`,
    )) as unknown as { rows: { folded: string }[] };
    expect(rows.map((row) => row.folded)).toEqual(values.map(accentFold));
  });

  it('fold the names the old list did not: a caron, a stroke, a ligature, a decomposed accent', () => {
    expect(accentFold('Dvořák')).toBe('dvorak');
    expect(accentFold('Łukasz Ørsted')).toBe('lukasz orsted');
    expect(accentFold('Œuvre STRAßE')).toBe('oeuvre strasse');
    expect(accentFold('e\u0301')).toBe(accentFold('é'));
  });
});

async function post(url: string, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url, headers: admin, payload });
}

describe('one name whatever its accents', () => {
  it('"Dvořák" and "Dvorak", "é" and "e" + U+0301 are one client name', async () => {
    expect((await post('/api/clients', { name: 'Excavations Dvořák' })).statusCode).toBe(201);
    expect((await post('/api/clients', { name: 'Café Olé' })).statusCode).toBe(201);
    for (const twin of ['EXCAVATIONS DVORAK', 'Excavations Dvor\u030Cák', 'Cafe\u0301 Ole\u0301']) {
      const response = await post('/api/clients', { name: twin });
      expect(response.statusCode, twin).toBe(409);
      expect(response.json()).toMatchObject({ code: 'NAME_NOT_UNIQUE', details: { field: 'name' } });
    }
  });

  it('"Dvořák" and "Dvorak", "é" and "e" + U+0301 are one skill name', async () => {
    const skill = (nameFr: string, nameEn: string) => post('/api/skills', { nameFr, nameEn });
    expect((await skill('Soudure Dvořák', 'Dvořák welding')).statusCode).toBe(201);
    expect((await skill('Élagage', 'Pruning')).statusCode).toBe(201);
    const twins = [
      [skill('Soudure Dvorak', 'Other welding'), 'nameFr'],
      [skill('E\u0301lagage', 'Tree pruning'), 'nameFr'],
      [skill('Autre soudure', 'DVORAK WELDING'), 'nameEn'],
    ] as const;
    for (const [answer, field] of twins) {
      const response = await answer;
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'NAME_NOT_UNIQUE', details: { field } });
    }
  });
});

describe('search and sort treat every accent alike', () => {
  it('find "Łukasz" as "lukasz" and sort it between "Lucie" and "Luz"', async () => {
    for (const name of ['Toitures Luz', 'Toitures Łukasz', 'Toitures Lucie', 'Toitures Ærø']) {
      expect((await post('/api/clients', { name })).statusCode).toBe(201);
    }
    const list = async (query: string) =>
      (await app.inject({ method: 'GET', url: `/api/clients?${query}`, headers: admin }))
        .json()
        .items.map((client: { name: string }) => client.name);
    expect(await list('q=lukasz')).toEqual(['Toitures Łukasz']);
    expect(await list('q=TOITURES%20AERO')).toEqual(['Toitures Ærø']);
    expect(await list('q=toitures&sort=name')).toEqual([
      'Toitures Ærø',
      'Toitures Lucie',
      'Toitures Łukasz',
      'Toitures Luz',
    ]);
  });
});
