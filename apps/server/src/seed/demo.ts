import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword, verifyPassword } from '../lib/crypto.ts';
import { revokeUserSessions } from '../modules/sessions/index.ts';
import { findUserByEmail } from '../modules/users/index.ts';
import { type AccountSpec, ensureAccount } from './accounts.ts';
import { seedAbsences } from './demo/absences.ts';
import { seedApplicants } from './demo/applicants.ts';
import { seedAssignations } from './demo/assignations.ts';
import { seedCatalog } from './demo/catalog.ts';
import { seedClients } from './demo/clients.ts';
import { seedEmployees } from './demo/employees.ts';
import { seedHours } from './demo/hours.ts';
import { seedMessages } from './demo/messages.ts';
import { seedOrders } from './demo/orders.ts';
import { seedSites } from './demo/sites.ts';
import { seedSupervisors } from './demo/supervisors.ts';

/** The demo company's sign-ins. Later issues grow the company around them. */
export const demoAccounts: AccountSpec[] = [
  {
    email: 'admin@demo.brigade.test',
    firstName: 'Geneviève',
    lastName: 'Tremblay',
    role: 'admin',
    language: 'fr',
    phone: '+15145550100',
  },
  {
    email: 'superviseur@demo.brigade.test',
    firstName: 'Étienne',
    lastName: 'Côté',
    role: 'supervisor',
    language: 'fr',
    phone: '+15145550101',
  },
  {
    email: 'employe@demo.brigade.test',
    firstName: 'Jérôme',
    lastName: 'Lévesque',
    role: 'employee',
    language: 'fr',
    phone: '+15145550102',
  },
];

/**
 * Sets `password` on the demo accounts that exist, without loading the demo company: a start with
 * DEMO_PASSWORD is how a forgotten demo password is reset. Returns, for each demo e-mail found,
 * whether its password changed.
 */
export async function resetDemoPasswords(
  db: Db,
  password: string,
): Promise<Partial<Record<string, 'updated' | 'kept'>>> {
  const outcomes: Partial<Record<string, 'updated' | 'kept'>> = {};
  for (const account of demoAccounts) {
    const existing = await findUserByEmail(db, account.email);
    if (!existing) continue;
    if (await verifyPassword(existing.passwordHash, password)) {
      outcomes[account.email] = 'kept';
      continue;
    }
    // A new password ends the sessions opened with the old one, as any password change does.
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, existing.id));
      await revokeUserSessions(tx, existing.id);
    });
    outcomes[account.email] = 'updated';
  }
  return outcomes;
}

/** The demo company's parts, in dependency order. */
const demoSteps: [name: string, seed: (db: Db) => Promise<void>][] = [
  ['catalog', seedCatalog],
  ['clients', seedClients],
  ['supervisors', seedSupervisors],
  ['sites', seedSites],
  ['employees', seedEmployees],
  ['messages', seedMessages],
  ['absences', seedAbsences],
  ['orders', seedOrders],
  ['assignations', seedAssignations],
  ['hours', seedHours],
  ['applicants', seedApplicants],
];

/**
 * Loads the demo company. With `password`, every demo account gets it (so a known DEMO_PASSWORD
 * always works); otherwise accounts that have to be created get `passwordIfNew`.
 *
 * All of it is one transaction (each part's own transactions are savepoints in it): a start
 * stopped part-way (Ctrl-C, kill -9, a crash) leaves nothing, not sign-ins without their company
 * whose password was never printed, so the next start finds an empty database and loads it again.
 * `onStep` is told each part as it begins (the first start's console shows progress).
 */
export async function seedDemo(
  db: Db,
  options: { password?: string; passwordIfNew: string; onStep?: (step: string) => void },
) {
  return db.transaction(async (tx) => {
    const outcomes: Record<string, 'created' | 'updated' | 'kept'> = {};
    options.onStep?.('accounts');
    for (const account of demoAccounts) {
      outcomes[account.email] = await ensureAccount(tx, account, options);
    }
    for (const [name, seed] of demoSteps) {
      // The embedded database answers without giving the event loop a turn: without one here, the
      // console (written asynchronously) would show the progress only once everything is loaded.
      await new Promise((resolve) => setImmediate(resolve));
      options.onStep?.(name);
      await seed(tx);
    }
    return outcomes;
  });
}
