import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase, testConfig } from '../../test/app.ts';
import { users } from '../db/schema/index.ts';
import { verifyPassword } from '../lib/crypto.ts';
import { ensureAccount } from './accounts.ts';
import { demoAccounts } from './demo.ts';
import { formatDemoSignIns, prepareAccounts } from './startup.ts';

const database = await freshDatabase();
afterAll(() => database.close());
const silent = { info: () => {} };

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
