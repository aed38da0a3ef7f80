import type { Db } from '../db/client.ts';
import { type AccountSpec, ensureAccount } from './accounts.ts';
import { seedCatalog } from './demo/catalog.ts';
import { seedClients } from './demo/clients.ts';
import { seedEmployees } from './demo/employees.ts';
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
 * Loads the demo company. With `password`, every demo account gets it (so a known DEMO_PASSWORD
 * always works); otherwise accounts that have to be created get `passwordIfNew`.
 */
export async function seedDemo(db: Db, options: { password?: string; passwordIfNew: string }) {
  const outcomes: Record<string, 'created' | 'updated' | 'kept'> = {};
  for (const account of demoAccounts) {
    outcomes[account.email] = await ensureAccount(db, account, options);
  }
  // The company around the sign-ins, in dependency order.
  await seedCatalog(db);
  await seedClients(db);
  await seedSupervisors(db);
  await seedSites(db);
  await seedEmployees(db);
  return outcomes;
}
