import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { alertsPolicy } from './policy.ts';
import { alertSources, alertWindow } from './window.ts';

/**
 * The menu badge (spec §7 GET /alerts/notifications): how many alerts the list would show, counted
 * by the database in one statement, without reading a row.
 */
export async function countAlerts(
  db: Db,
  actor: Actor,
  days: number,
  now = new Date(),
): Promise<{ numberOfAlerts: number }> {
  authorize(actor, alertsPolicy.read);
  const sources = alertSources(alertWindow(days, now));
  const result = await db.execute(sql`select
    (select count(*) from ${sources.refusals} as refused)::int
    + (select count(*) from ${sources.orders} as unfilled)::int
    + (select count(*) from ${sources.sites} as ending)::int
    + (select count(*) from ${sources.certificates} as expiring)::int as "numberOfAlerts"`);
  const [row] = (result as unknown as { rows: { numberOfAlerts: number }[] }).rows;
  return { numberOfAlerts: row?.numberOfAlerts ?? 0 };
}
