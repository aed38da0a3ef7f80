import type { Role } from '@brigade/shared';
import { count } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { randomToken } from '../lib/crypto.ts';
import { ensureAccount } from './accounts.ts';
import { demoAccounts, resetDemoPasswords, seedDemo } from './demo.ts';

/** A demo sign-in to print at start; `password` is null when it was left as it was. */
export interface DemoSignIn {
  role: Role;
  email: string;
  password: string | null;
}

/**
 * The accounts a start takes care of, in order:
 * - ADMIN_EMAIL/ADMIN_PASSWORD: this admin exists, active, with this password;
 * - SEED=demo, or an empty embedded database without ADMIN_EMAIL (a newcomer's `npm start`): the
 *   demo company is loaded or refreshed;
 * - otherwise DEMO_PASSWORD resets the passwords of the demo accounts that exist.
 * Returns the demo sign-ins to print, or null when the demo accounts were not touched.
 */
export async function prepareAccounts(
  database: Database,
  config: Config,
  logger: Pick<Logger, 'info'>,
): Promise<DemoSignIn[] | null> {
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const outcome = await ensureAccount(
      database.db,
      { email: config.ADMIN_EMAIL, firstName: 'Admin', lastName: 'Brigade', role: 'admin', language: 'fr' },
      { password: config.ADMIN_PASSWORD },
    );
    logger.info({ email: config.ADMIN_EMAIL, outcome }, 'admin account ensured');
  }

  const [{ value: userCount } = { value: 0 }] = await database.db.select({ value: count() }).from(users);
  const newcomer =
    database.kind === 'pglite' && userCount === 0 && !config.ADMIN_EMAIL && config.SEED !== 'none';
  if (config.SEED === 'demo' || newcomer) {
    const generated = randomToken(9);
    const began = performance.now();
    logger.info('loading the demo company');
    const outcomes = await seedDemo(database.db, {
      password: config.DEMO_PASSWORD,
      passwordIfNew: generated,
      onStep: (step) => logger.info({ step }, `demo company: ${step}`),
    });
    logger.info({ ms: Math.round(performance.now() - began) }, 'demo company loaded');
    return demoAccounts.map((account) => ({
      role: account.role,
      email: account.email,
      password: config.DEMO_PASSWORD ?? (outcomes[account.email] === 'created' ? generated : null),
    }));
  }

  if (!config.DEMO_PASSWORD) return null;
  const outcomes = await resetDemoPasswords(database.db, config.DEMO_PASSWORD);
  const found = demoAccounts.filter((account) => outcomes[account.email]);
  if (found.length === 0) return null;
  logger.info({ outcomes }, 'demo passwords set from DEMO_PASSWORD');
  return found.map((account) => ({
    role: account.role,
    email: account.email,
    password: config.DEMO_PASSWORD!,
  }));
}

/** The demo sign-ins as printed on the console at start. */
export function formatDemoSignIns(signIns: DemoSignIn[]): string {
  const lines = signIns.map(
    (signIn) =>
      `  ${signIn.role.padEnd(10)} ${signIn.email}  ${signIn.password ?? '(unchanged: set DEMO_PASSWORD to reset it)'}`,
  );
  return `\nDemo sign-ins:\n${lines.join('\n')}\n\n`;
}
