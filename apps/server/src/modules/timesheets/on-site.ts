import type { OnSiteToday } from '@brigade/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  assignations,
  clients,
  orders,
  siteSupervisors,
  sites,
  timeEntries,
  users,
} from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { worksOn } from '../orders/index.ts';
import { siteStatusIs } from '../sites/index.ts';
import { timesheetsPolicy } from './policy.ts';

/**
 * The supervisor's active sites today (not archived, started and not ended, of an active client:
 * the sites module's status), with who is expected there (confirmed on an order working today) or
 * logged hours there today, and how much they logged so far.
 */
export async function onSiteToday(db: Executor, actor: Actor): Promise<OnSiteToday> {
  authorize(actor, timesheetsPolicy.onSite);
  const today = companyToday();
  const mySites = await db
    .select({ id: sites.id, name: sites.name, city: sites.city, clientName: clients.name })
    .from(siteSupervisors)
    .innerJoin(sites, eq(sites.id, siteSupervisors.siteId))
    .innerJoin(clients, eq(clients.id, sites.clientId))
    .where(and(eq(siteSupervisors.supervisorId, actor.userId), siteStatusIs('active', today, clients.active)))
    .orderBy(asc(sites.name));
  const siteIds = mySites.map((site) => site.id);
  if (siteIds.length === 0) return { date: today, sites: [] };
  const [expected, logged] = await Promise.all([
    db
      .select({ siteId: orders.siteId, employeeId: assignations.employeeId })
      .from(assignations)
      .innerJoin(orders, eq(orders.id, assignations.orderId))
      .where(and(inArray(orders.siteId, siteIds), eq(assignations.status, 'confirmed'), worksOn(today))),
    db
      .select({
        siteId: timeEntries.siteId,
        employeeId: timeEntries.employeeId,
        minutes: sql<number>`cast(sum(${timeEntries.minutes}) as integer)`,
      })
      .from(timeEntries)
      .where(and(inArray(timeEntries.siteId, siteIds), eq(timeEntries.workDate, today)))
      .groupBy(timeEntries.siteId, timeEntries.employeeId),
  ]);
  const people = [...new Set([...expected, ...logged].map((row) => row.employeeId))];
  const names = people.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, people))
    : [];
  const nameOf = new Map(names.map((person) => [person.id, person]));
  return {
    date: today,
    sites: mySites.map((site) => {
      const here = new Map<string, { expected: boolean; minutes: number }>();
      for (const row of expected.filter((each) => each.siteId === site.id))
        here.set(row.employeeId, { expected: true, minutes: 0 });
      for (const row of logged.filter((each) => each.siteId === site.id))
        here.set(row.employeeId, {
          expected: here.get(row.employeeId)?.expected ?? false,
          minutes: row.minutes,
        });
      const workers = [...here.entries()]
        .map(([id, state]) => ({
          id,
          firstName: nameOf.get(id)?.firstName ?? '',
          lastName: nameOf.get(id)?.lastName ?? '',
          ...state,
        }))
        .sort(
          (a, b) =>
            a.lastName.localeCompare(b.lastName, 'fr') || a.firstName.localeCompare(b.firstName, 'fr'),
        );
      return { ...site, workers };
    }),
  };
}
