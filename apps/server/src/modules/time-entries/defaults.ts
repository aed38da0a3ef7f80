import type { TimeEntryDefaults, TimeEntrySites } from '@brigade/shared';
import { minutesToTime, payWeekStart } from '@brigade/shared';
import { and, asc, eq, gte, isNull, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { assignations, clients, orders, sites } from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';
import { matchesSearch } from '../../lib/list.ts';
import { type Actor, authorize, boundingSupervisor } from '../../lib/policy.ts';
import { worksOn } from '../orders/index.ts';
import { supervises } from '../sites/index.ts';
import { timeEntriesPolicy } from './policy.ts';
import { authorizeWorker } from './read.ts';

/**
 * What the time logger proposes for a day: the sites where the worker is confirmed that day (an
 * order working that day: weekends only when it includes them), with the order's hours.
 */
export async function timeEntryDefaults(
  db: Executor,
  actor: Actor,
  query: { employeeId?: string; date?: string },
): Promise<TimeEntryDefaults> {
  const employeeId = query.employeeId ?? actor.userId;
  await authorizeWorker(db, actor, employeeId);
  const date = query.date ?? companyToday();
  const rows = await db
    .selectDistinct({
      id: sites.id,
      name: sites.name,
      client: { id: clients.id, name: clients.name },
      dailyStartMinute: orders.dailyStartMinute,
      dailyEndMinute: orders.dailyEndMinute,
    })
    .from(assignations)
    .innerJoin(orders, eq(orders.id, assignations.orderId))
    .innerJoin(sites, eq(sites.id, orders.siteId))
    .innerJoin(clients, eq(clients.id, sites.clientId))
    .where(
      and(
        eq(assignations.employeeId, employeeId),
        eq(assignations.status, 'confirmed'),
        worksOn(date),
        eq(sites.archived, false),
      ),
    )
    .orderBy(asc(orders.dailyStartMinute), asc(sites.name));
  // The pay week's: logging elsewhere is asked to be confirmed, and flagged on the timesheet.
  const weekStart = payWeekStart(date);
  const assigned = await db
    .selectDistinct({ siteId: orders.siteId })
    .from(assignations)
    .innerJoin(orders, eq(orders.id, assignations.orderId))
    .where(
      and(
        eq(assignations.employeeId, employeeId),
        eq(assignations.status, 'confirmed'),
        isNull(orders.cancelledAt),
        lte(orders.startsOn, addDays(weekStart, 6)),
        gte(orders.endsOn, weekStart),
      ),
    );
  return {
    date,
    assignedSiteIds: assigned.map((row) => row.siteId),
    suggestedSites: rows.map(({ dailyStartMinute, dailyEndMinute, ...site }) => ({
      ...site,
      dailyStart: minutesToTime(dailyStartMinute),
      dailyEnd: minutesToTime(dailyEndMinute),
    })),
  };
}

/**
 * The sites one may log hours on, by name (searched like the sites list): every active site of an
 * active client, or a supervisor's own.
 */
export async function loggableSites(
  db: Executor,
  actor: Actor,
  query: { q?: string },
): Promise<TimeEntrySites> {
  authorize(actor, timeEntriesPolicy.sites);
  const supervisedBy = boundingSupervisor(actor);
  const rows = await db
    .select({ id: sites.id, name: sites.name, clientName: clients.name, city: sites.city })
    .from(sites)
    .innerJoin(clients, eq(clients.id, sites.clientId))
    .where(
      and(
        eq(sites.archived, false),
        eq(clients.active, true),
        matchesSearch(sites.searchText, query.q),
        supervisedBy ? supervises(supervisedBy, sites.id) : undefined,
      ),
    )
    .orderBy(asc(sites.name), asc(sites.id))
    .limit(20);
  return { items: rows };
}
