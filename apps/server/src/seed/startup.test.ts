import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase, testConfig } from '../../test/app.ts';
import type { Db } from '../db/client.ts';
import { clients, employees, sessions, sites, users } from '../db/schema/index.ts';
import { verifyPassword } from '../lib/crypto.ts';
import { ensureAccount } from './accounts.ts';
import { demoAccounts, seedDemo } from './demo.ts';
import { formatDemoSignIns, prepareAccounts } from './startup.ts';

const silent = { info: () => {} };

// Each test starts from an empty database of its own: none relies on what another left.
let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeEach(async () => {
  database = await freshDatabase();
});
afterEach(() => database.close());

const passwordOf = async (email: string, password: string) => {
  const [row] = await database.db.select().from(users).where(eq(users.email, email));
  return verifyPassword(row?.passwordHash ?? null, password);
};

describe('accounts at start', () => {
  it('does nothing to the demo accounts without DEMO_PASSWORD, and finds none to reset before they exist', async () => {
    await ensureAccount(
      database.db,
      { email: 'chef@example.test', firstName: 'Chef', lastName: 'Test', role: 'admin', language: 'fr' },
      { password: 'the chef password' },
    );
    expect(await prepareAccounts(database, testConfig(), silent)).toBeNull();
    expect(await prepareAccounts(database, testConfig({ DEMO_PASSWORD: 'new demo pw' }), silent)).toBeNull();
    const demoRows = await database.db.select().from(users).where(eq(users.email, demoAccounts[0]!.email));
    expect(demoRows).toHaveLength(0);
  });

  it('resets the demo accounts to DEMO_PASSWORD and returns their sign-ins to print', async () => {
    await ensureAccount(
      database.db,
      { email: 'chef@example.test', firstName: 'Chef', lastName: 'Test', role: 'admin', language: 'fr' },
      { password: 'the chef password' },
    );
    for (const account of demoAccounts) {
      await ensureAccount(database.db, account, { password: 'the forgotten one' });
    }
    const signIns = await prepareAccounts(database, testConfig({ DEMO_PASSWORD: 'demo1234' }), silent);
    expect(signIns).toEqual(
      demoAccounts.map((account) => ({ role: account.role, email: account.email, password: 'demo1234' })),
    );
    for (const account of demoAccounts) {
      expect(await passwordOf(account.email, 'demo1234')).toBe(true);
      expect(await passwordOf(account.email, 'the forgotten one')).toBe(false);
    }
    // Other accounts keep their password.
    expect(await passwordOf('chef@example.test', 'the chef password')).toBe(true);

    const printed = formatDemoSignIns(signIns!);
    expect(printed).toContain('Demo sign-ins:');
    expect(printed).toMatch(/admin\s+admin@demo\.brigade\.test {2}demo1234/);

    // Starting again with the same password changes nothing and still prints the sign-ins.
    const [before] = await database.db.select().from(users).where(eq(users.email, demoAccounts[0]!.email));
    expect(await prepareAccounts(database, testConfig({ DEMO_PASSWORD: 'demo1234' }), silent)).toHaveLength(
      3,
    );
    const [after] = await database.db.select().from(users).where(eq(users.email, demoAccounts[0]!.email));
    expect(after!.passwordHash).toBe(before!.passwordHash);
  });

  it('makes sure the ADMIN_EMAIL admin exists with ADMIN_PASSWORD', async () => {
    const config = testConfig({ ADMIN_EMAIL: 'bureau@example.test', ADMIN_PASSWORD: 'office password' });
    expect(await prepareAccounts(database, config, silent)).toBeNull();
    const [admin] = await database.db.select().from(users).where(eq(users.email, 'bureau@example.test'));
    expect(admin).toMatchObject({ role: 'admin', active: true });
    expect(await passwordOf('bureau@example.test', 'office password')).toBe(true);
  });
});

describe('a password set at start ends the sessions opened with the old one', () => {
  const openSessionsOf = async (db: Db, email: string) => {
    const [user] = await db.select().from(users).where(eq(users.email, email));
    return db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user!.id), isNull(sessions.revokedAt)));
  };
  const openSession = async (db: Db, email: string) => {
    const [user] = await db.select().from(users).where(eq(users.email, email));
    await db.insert(sessions).values({ userId: user!.id, expiresAt: new Date(Date.now() + 3600_000) });
  };

  it('DEMO_PASSWORD: a new one signs the demo accounts out, the same one does not', async () => {
    const own = database;
    for (const account of demoAccounts) await ensureAccount(own.db, account, { password: 'first demo pw' });
    const admin = demoAccounts[0]!.email;
    await openSession(own.db, admin);
    await prepareAccounts(own, testConfig({ DEMO_PASSWORD: 'first demo pw' }), silent);
    expect(await openSessionsOf(own.db, admin)).toHaveLength(1);
    await prepareAccounts(own, testConfig({ DEMO_PASSWORD: 'second demo pw' }), silent);
    expect(await openSessionsOf(own.db, admin)).toHaveLength(0);
  });

  it('SEED=demo with DEMO_PASSWORD and ADMIN_PASSWORD do the same', async () => {
    const own = database;
    const office = {
      email: 'office@example.test',
      firstName: 'O',
      lastName: 'B',
      role: 'admin',
      language: 'fr',
    } as const;
    await ensureAccount(own.db, office, { password: 'office pw 1' });
    for (const account of demoAccounts) await ensureAccount(own.db, account, { password: 'demo pw 1' });
    await openSession(own.db, office.email);
    await openSession(own.db, demoAccounts[1]!.email);
    const config = testConfig({
      SEED: 'demo',
      DEMO_PASSWORD: 'demo pw 2',
      ADMIN_EMAIL: office.email,
      ADMIN_PASSWORD: 'office pw 2',
    });
    await prepareAccounts(own, config, silent);
    expect(await openSessionsOf(own.db, office.email)).toHaveLength(0);
    expect(await openSessionsOf(own.db, demoAccounts[1]!.email)).toHaveLength(0);
  });
});

describe('the demo company is loaded whole or not at all', () => {
  const countOf = async (table: typeof users | typeof clients | typeof sites | typeof employees) =>
    (await database.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(table))[0]!.n;

  it('a load stopped part-way leaves nothing, and the next start loads it all and prints every sign-in', async () => {
    const steps: string[] = [];
    await expect(
      seedDemo(database.db, {
        passwordIfNew: 'never printed',
        onStep: (step) => {
          steps.push(step);
          // The sign-ins, the clients, the supervisors and the sites are in by now.
          if (step === 'employees') throw new Error('stopped here');
        },
      }),
    ).rejects.toThrow('stopped here');
    expect(steps).toEqual(['accounts', 'catalog', 'clients', 'supervisors', 'sites', 'employees']);
    for (const table of [users, clients, sites, employees]) expect(await countOf(table)).toBe(0);

    // SEED=demo so that this runs on PostgreSQL too (an empty embedded database needs no setting).
    const signIns = await prepareAccounts(database, testConfig({ SEED: 'demo' }), silent);
    expect(signIns).toHaveLength(demoAccounts.length);
    for (const signIn of signIns!) {
      expect(signIn.password).toEqual(expect.any(String));
      expect(await passwordOf(signIn.email, signIn.password!)).toBe(true);
    }
    expect(await countOf(clients)).toBe(20);
    expect(await countOf(sites)).toBeGreaterThanOrEqual(55);
    expect(await countOf(employees)).toBeGreaterThan(300);
  });
});
