import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { scratchPostgresDatabase } from '../../test/app.ts';
import { createPglite, type Db, migrationsFolder, openDatabase } from './client.ts';

/** The migrations folder as it was before `tag` (to build a database of an older version). */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'brigade-migrations-'));
  mkdirSync(path.join(folder, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
  const index = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries) {
    copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return folder;
}

/**
 * An empty database (PGlite, or a new PostgreSQL database) and a way to run a migrations folder on
 * it; closed (and dropped) when the calling test finishes.
 */
async function emptyDatabase(): Promise<{ db: Db; migrate(folder: string): Promise<void> }> {
  if (!process.env.TEST_DATABASE_URL) {
    const client = createPglite();
    onTestFinished(() => client.close());
    const db = drizzlePglite({ client }) as unknown as Db;
    return {
      db,
      migrate: (folder) => migratePglite(drizzlePglite({ client }), { migrationsFolder: folder }),
    };
  }
  const scratch = await scratchPostgresDatabase('brigade_migration');
  const pool = new pg.Pool({ connectionString: scratch.url });
  onTestFinished(async () => {
    await pool.end();
    await scratch.drop();
  });
  const db = drizzleNodePg({ client: pool }) as unknown as Db;
  return {
    db,
    migrate: (folder) => migrateNodePg(drizzleNodePg({ client: pool }), { migrationsFolder: folder }),
  };
}

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

describe('migrations 0003 and 0004 (names unique whatever their accents; copies of the account on employees)', () => {
  it('keeps twin names that only differ by accents, case or spacing, renaming the later ones', async () => {
    const { db, migrate } = await emptyDatabase();
    await migrate(migrationsBefore('0003_master_data_integrity'));
    await db.execute(sql`insert into clients (name, created_at) values
      ('Construction Bérubé & Fils', now() - interval '2 days'),
      ('Construction Berube & Fils', now() - interval '1 day'),
      ('CONSTRUCTION  BERUBE &   FILS ', now())`);
    await db.execute(sql`insert into skills (name_fr, name_en) values
      ('Soudure à l''arc', 'Arc welding'), ('Soudure a l''arc', 'Arc  welding')`);
    await db.execute(sql`insert into users (id, first_name, last_name, role, search_text)
      values ('00000000-0000-4000-8000-000000000001', 'Zoé', 'Côté', 'employee', 'cote zoe')`);
    await db.execute(sql`insert into employees (user_id, employee_number)
      values ('00000000-0000-4000-8000-000000000001', 'E-1')`);

    await migrate(migrationsFolder);

    const names = await rows<{ name: string }>(db, sql`select name from clients order by created_at`);
    expect(names.map((row) => row.name)).toEqual([
      'Construction Bérubé & Fils',
      'Construction Berube & Fils (2)',
      'CONSTRUCTION BERUBE & FILS (3)',
    ]);
    const skillNames = await rows<{ fr: string; en: string }>(
      db,
      sql`select name_fr as fr, name_en as en from skills order by created_at, id`,
    );
    expect(new Set(skillNames.map((row) => row.en))).toEqual(new Set(['Arc welding', 'Arc welding (2)']));
    await expect(
      db.execute(sql`insert into clients (name) values ('construction bérubé & fils')`),
    ).rejects.toThrow();

    // The employee's sort_name follows the account's search text, whoever writes it.
    const sortName = async () =>
      (await rows<{ sortName: string }>(db, sql`select sort_name as "sortName" from employees`))[0]!.sortName;
    expect(await sortName()).toBe('cote zoe');
    await db.execute(
      sql`update users set search_text = 'cote-ouellet zoe' where id = '00000000-0000-4000-8000-000000000001'`,
    );
    expect(await sortName()).toBe('cote-ouellet zoe');
    await db.execute(
      sql`update employees set sort_name = 'anything', active = false where user_id = '00000000-0000-4000-8000-000000000001'`,
    );
    expect(await sortName()).toBe('cote-ouellet zoe');
    const active = async () =>
      (await rows<{ active: boolean }>(db, sql`select active from employees`))[0]!.active;
    expect(await active()).toBe(true);
    await db.execute(sql`update users set active = false where id = '00000000-0000-4000-8000-000000000001'`);
    expect(await active()).toBe(false);
  });
});

describe('migration 0005 (one accent fold: NFKD, marks removed, undecomposed letters spelled out)', () => {
  it('keeps names the new fold makes twins, renaming the later ones, and refolds the search texts', async () => {
    const { db, migrate } = await emptyDatabase();
    await migrate(migrationsBefore('0005_accent_fold'));
    await db.execute(sql`insert into clients (name, search_text, created_at) values
      ('Excavations Dvořák', 'excavations dvořák', now() - interval '1 day'),
      ('Excavations Dvorak', 'excavations dvorak', now())`);
    await db.execute(sql`insert into skills (name_fr, name_en, created_at) values
      ('Élagage', 'Pruning', now() - interval '1 day'), (${'E\u0301lagage'}, 'Tree pruning', now())`);
    await db.execute(sql`insert into users (id, first_name, last_name, role, search_text)
      values ('00000000-0000-4000-8000-000000000002', 'Łukasz', 'Ærø', 'employee', 'ærø łukasz')`);
    await db.execute(sql`insert into employees (user_id, employee_number)
      values ('00000000-0000-4000-8000-000000000002', 'E-2')`);

    await migrate(migrationsFolder);

    const names = await rows<{ name: string }>(db, sql`select name from clients order by created_at`);
    expect(names.map((row) => row.name)).toEqual(['Excavations Dvořák', 'Excavations Dvorak (2)']);
    const skillNames = await rows<{ name: string }>(
      db,
      sql`select name_fr as name from skills order by created_at`,
    );
    expect(skillNames.map((row) => row.name)).toEqual(['Élagage', `${'E\u0301lagage'} (2)`]);
    await expect(db.execute(sql`insert into clients (name) values ('EXCAVATIONS DVORAK')`)).rejects.toThrow();
    const searchTexts = await rows<{ user: string; employee: string }>(
      db,
      sql`select u.search_text as "user", e.sort_name as employee from users u join employees e on e.user_id = u.id`,
    );
    expect(searchTexts).toEqual([{ user: 'aero lukasz', employee: 'aero lukasz' }]);
  });
});

describe('migration 0007 (expiry dates only on expirable skills)', () => {
  it('removes the dates left on holders of a skill that does not expire, and keeps the others', async () => {
    const { db, migrate } = await emptyDatabase();
    await migrate(migrationsBefore('0007_expiry_dates_only_on_expirable_skills'));
    await db.execute(sql`insert into skills (id, name_fr, name_en, expirable) values
      ('00000000-0000-4000-8000-00000000000a', 'Carte CCQ', 'CCQ card', false),
      ('00000000-0000-4000-8000-00000000000b', 'Nacelle', 'Aerial lift', true)`);
    await db.execute(sql`insert into users (id, first_name, last_name, role)
      values ('00000000-0000-4000-8000-000000000003', 'Luc', 'Roy', 'employee')`);
    await db.execute(sql`insert into employees (user_id, employee_number)
      values ('00000000-0000-4000-8000-000000000003', 'E-3')`);
    await db.execute(sql`insert into employee_skills (employee_id, skill_id, expires_on) values
      ('00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-00000000000a', '2027-01-01'),
      ('00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-00000000000b', '2027-02-01')`);

    await migrate(migrationsFolder);

    const held = await rows<{ skill: string; expiresOn: string | null }>(
      db,
      sql`select s.name_en as skill, es.expires_on::text as "expiresOn" from employee_skills es
        join skills s on s.id = es.skill_id order by s.name_en`,
    );
    expect(held).toEqual([
      { skill: 'Aerial lift', expiresOn: '2027-02-01' },
      { skill: 'CCQ card', expiresOn: null },
    ]);
  });
});

describe('migrate() on the embedded database', () => {
  it('says how many migrations it applied: all of them on a new database, none on the next start', async () => {
    const database = await openDatabase({ pglite: createPglite() });
    onTestFinished(() => database.close());
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
    expect(await database.migrate()).toEqual({ applied: journal.entries.length });
    expect(await database.migrate()).toEqual({ applied: 0 });
  });
});

describe('migration 0013 (night shifts: an end past 24:00, worked minutes in real time)', () => {
  it('keeps every entry as it was, and its minutes, but for a shift across 02:00 the night the clocks change', async () => {
    const { db, migrate } = await emptyDatabase();
    await migrate(migrationsBefore('0013_night_shifts'));
    const workers = [1, 2, 3].map((n) => `00000000-0000-4000-8000-00000000010${n}`);
    for (const [index, id] of workers.entries()) {
      await db.execute(sql`insert into users (id, first_name, last_name, role)
        values (${id}, 'Travailleur', ${`Nuit ${index}`}, 'employee')`);
      await db.execute(sql`insert into employees (user_id, employee_number) values (${id}, ${`N-${index}`})`);
    }
    await db.execute(
      sql`insert into clients (id, name) values ('00000000-0000-4000-8000-0000000001c1', 'Client')`,
    );
    await db.execute(sql`insert into sites (id, client_id, name)
      values ('00000000-0000-4000-8000-0000000001a1', '00000000-0000-4000-8000-0000000001c1', 'Chantier')`);
    // Almost two years of every kind of entry the old rules allowed: days with a break, evenings to
    // 24:00, a whole day 00:00–24:00, and nights' first hours 00:00–08:00 on Sundays (the clocks
    // change on Sundays at 02:00: those four entries are the ones whose real minutes differ).
    await db.execute(sql`insert into time_entries (employee_id, site_id, work_date, start_minute, end_minute, break_minutes, parking_cents)
      select ${workers[0]}::uuid, '00000000-0000-4000-8000-0000000001a1'::uuid, d, 420, 930, 30, 1250
        from generate_series('2025-01-01'::date, '2026-11-20'::date, interval '1 day') as d
      union all
      select ${workers[1]}::uuid, '00000000-0000-4000-8000-0000000001a1'::uuid, d, 960, 1440, 0, 0
        from generate_series('2025-01-02'::date, '2026-11-20'::date, interval '2 days') as d
      union all
      select ${workers[2]}::uuid, '00000000-0000-4000-8000-0000000001a1'::uuid, d, 0, 480, 0, 0
        from generate_series('2025-01-05'::date, '2026-11-20'::date, interval '7 days') as d
      union all
      select ${workers[2]}::uuid, '00000000-0000-4000-8000-0000000001a1'::uuid, '2025-06-10', 0, 1440, 60, 0`);
    const entries = () =>
      rows<Record<string, unknown>>(
        db,
        sql`select id, employee_id, site_id, work_date::text, start_minute, end_minute, break_minutes, minutes,
          parking_cents, comment, idempotency_key, created_at from time_entries order by id`,
      );
    const weekTotals = () =>
      rows<{ employee: string; week: string; minutes: number }>(
        db,
        sql`select employee_id as employee, (work_date - extract(dow from work_date)::int)::text as week,
          sum(minutes)::int as minutes from time_entries group by 1, 2 order by 1, 2`,
      );
    const before = await entries();
    const totalsBefore = await weekTotals();
    expect(before.length).toBeGreaterThan(1000);

    await migrate(migrationsFolder);

    const after = await entries();
    const changed = new Map([
      // Sundays 00:00–08:00 across the change: an hour less in March, an hour more in November.
      ['2025-03-09', -60],
      ['2025-11-02', 60],
      ['2026-03-08', -60],
      ['2026-11-01', 60],
    ]);
    expect(after).toEqual(
      before.map((row) => ({
        ...row,
        minutes:
          (row.minutes as number) +
          (row.start_minute === 0 && row.end_minute === 480
            ? (changed.get(row.work_date as string) ?? 0)
            : 0),
      })),
    );
    const weekOf = (day: string) => {
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      return new Date(Date.parse(`${day}T00:00:00Z`) - weekday * 86_400_000).toISOString().slice(0, 10);
    };
    const changedWeeks = new Map([...changed].map(([day, delta]) => [weekOf(day), delta]));
    expect(await weekTotals()).toEqual(
      totalsBefore.map((total) => ({
        ...total,
        minutes: total.minutes + (total.employee === workers[2] ? (changedWeeks.get(total.week) ?? 0) : 0),
      })),
    );
  });
});
