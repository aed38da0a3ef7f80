import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { sites } from './clients.ts';
import { users } from './users.ts';

// Apart from clients.ts: it names both a site and a user, and users.ts already names clients.

/** Who supervises which site (at least one per site, enforced by the service). */
export const siteSupervisors = pgTable(
  'site_supervisors',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    supervisorId: uuid('supervisor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.supervisorId] }),
    index('site_supervisors_supervisor_idx').on(t.supervisorId),
  ],
);
