import type { AbsenceSummary, ClientsDashboard, SitesMap } from '@brigade/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import { absences, assignations, clients, orders, sites } from './db/schema/index.ts';

/**
 * Every "this week" the API answers is the pay week, Sunday to Saturday in Montréal, as the
 * timesheets and the worker's hours are: the clients dashboard, the sites map, who is away this
 * week, the hours a candidate already has this week. Read on a Saturday evening (when it is already
 * Sunday in UTC) and just after midnight on the Sunday that starts the next week.
 *
 * The clock is faked (Date only), so this file runs in the isolated project (vitest.config.ts).
 */
const saturdayEvening = new Date('2027-02-13T22:30:00-05:00'); // Sunday 03:30 UTC
const sundayMorning = new Date('2027-02-14T00:30:00-05:00');
const lastSunday = '2027-02-07';
const saturday = '2027-02-13';
const sunday = '2027-02-14';

const t = await buildTestApp();

let onLastSunday: { id: string };
let onSunday: { id: string };
let askedOrder: { id: string };

beforeAll(async () => {
  const [client] = await t.db.insert(clients).values({ name: 'Semaine de paie inc.' }).returning();
  const [site] = await t.db
    .insert(sites)
    .values({ clientId: client!.id, name: 'Chantier du dimanche', latitude: 45.5, longitude: -73.6 })
    .returning();
  const order = async (startsOn: string, endsOn: string) =>
    (
      await t.db
        .insert(orders)
        .values({
          clientId: client!.id,
          siteId: site!.id,
          workersNeeded: 1,
          startsOn,
          endsOn,
          includeWeekends: true,
          dailyStartMinute: 420,
          dailyEndMinute: 930,
        })
        .returning()
    )[0]!;
  // Two one-day orders, each on a Sunday: the one that starts Saturday's week, the one after it.
  onLastSunday = await t.createEmployee({ passwordHash: null, lastName: 'Dimanche-Passé' });
  onSunday = await t.createEmployee({ passwordHash: null, lastName: 'Dimanche-Prochain' });
  await t.db.insert(assignations).values([
    { orderId: (await order(lastSunday, lastSunday)).id, employeeId: onLastSunday.id, status: 'confirmed' },
    { orderId: (await order(sunday, sunday)).id, employeeId: onSunday.id, status: 'confirmed' },
  ]);
  // The order matched: later in the month, nobody's days taken.
  askedOrder = await order('2027-02-23', '2027-02-24');
  // Away: one on each Sunday.
  await t.db.insert(absences).values([
    { employeeId: onLastSunday.id, type: 'sick', startsOn: lastSunday, endsOn: lastSunday },
    { employeeId: onSunday.id, type: 'vacation', startsOn: sunday, endsOn: sunday },
  ]);
});

/** The answers of "this week" at `now`, asked by an admin signed in then. */
async function thisWeekAt(now: Date) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  const call = t.callAs((await t.signedIn('admin')).headers);
  const clientsBoard: ClientsDashboard = (await call('GET', '/dashboards/clients')).json();
  const map: SitesMap = (await call('GET', '/dashboards/map')).json();
  const away: AbsenceSummary = (await call('GET', '/absences/summary')).json();
  const candidates = (await call('GET', `/orders/${askedOrder.id}/candidates?limit=500`)).json();
  const hoursThisWeek = (employeeId: string) =>
    candidates.items
      .find((item: { employee: { id: string } }) => item.employee.id === employeeId)
      ?.reasons.find((reason: { code: string }) => reason.code === 'hours_this_week')?.minutes ?? 0;
  return {
    clientsBoard,
    map,
    away,
    hours: { lastSunday: hoursThisWeek(onLastSunday.id), sunday: hoursThisWeek(onSunday.id) },
  };
}

afterAll(() => {
  vi.useRealTimers();
});

describe('this week, everywhere', () => {
  it('is still Sunday to Saturday on Saturday evening (already Sunday in UTC)', async () => {
    const week = await thisWeekAt(saturdayEvening);
    expect(week.clientsBoard).toMatchObject({ weekStart: lastSunday, weekEnd: saturday });
    expect(week.map).toMatchObject({ weekStart: lastSunday, weekEnd: saturday });
    expect(week.away).toMatchObject({ today: saturday, weekStart: lastSunday, weekEnd: saturday });
    expect(week.away.awayThisWeekTotal).toBe(1);
    // A sickness counts as `absent` (health information, Law 25).
    expect(week.away.weekByType).toEqual({ absent: 1 });
    // The Sunday order that started the week is this week's hours (7:00–15:30: 8.5 h); next
    // Sunday's is not.
    expect(week.hours).toEqual({ lastSunday: 510, sunday: 0 });
    expect(week.clientsBoard.totals).toMatchObject({ orders: 1, headcount: 1 });
  });

  it('starts again on Sunday just after midnight', async () => {
    const week = await thisWeekAt(sundayMorning);
    expect(week.clientsBoard).toMatchObject({ weekStart: sunday, weekEnd: '2027-02-20' });
    expect(week.map).toMatchObject({ weekStart: sunday, weekEnd: '2027-02-20' });
    expect(week.away).toMatchObject({ today: sunday, weekStart: sunday, weekEnd: '2027-02-20' });
    expect(week.away.awayTodayTotal).toBe(1);
    expect(week.away.weekByType).toEqual({ vacation: 1 });
    expect(week.hours).toEqual({ lastSunday: 0, sunday: 510 });
    // This week's orders: today's (the matched one is the week after).
    expect(week.clientsBoard.totals).toMatchObject({ orders: 1, headcount: 1 });
  });
});
