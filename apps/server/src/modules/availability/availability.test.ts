import { type AvailableEmployeesPage, type OpenOrdersOfDay, payWeekStart, searchable } from '@brigade/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import {
  absences,
  assignations,
  clients,
  employeeSkills,
  orders,
  sites,
  skills,
} from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';

const t = await buildTestApp();
const admin = await t.signedIn('admin');

// A week of its own, far ahead, so that nothing else of the database touches it: from its Monday.
const monday = addDays(payWeekStart(addDays(companyToday(), 91)), 1);
const wednesday = addDays(monday, 2);
const saturday = addDays(monday, 5);

function one<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error('nothing inserted');
  return row;
}

async function available(query: Record<string, string>) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/dashboards/available-employees',
    headers: admin.headers,
    query: { q: 'dispo', ...query },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AvailableEmployeesPage;
}
const names = (page: AvailableEmployeesPage) => page.items.map((item) => item.firstName);

async function openOrders(date: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/dashboards/available-employees/open-orders',
    headers: admin.headers,
    query: { date },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OpenOrdersOfDay;
}

/** A worker whose (accent-free) search text starts with "dispo" (the tests' own), then their names. */
function worker(firstName: string, lastName: string, employee: Record<string, unknown> = {}, active = true) {
  return t.createEmployee(
    { firstName, lastName, active, searchText: searchable('dispo', lastName, firstName) },
    { city: 'Laval', ...employee },
  );
}

let site: typeof sites.$inferSelect;
let weekdays: typeof orders.$inferSelect;
let withWeekends: typeof orders.$inferSelect;
let cancelled: typeof orders.$inferSelect;
let full: typeof orders.$inferSelect;
let welding: { id: string };

async function order(values: Partial<typeof orders.$inferInsert> & { startsOn: string; endsOn: string }) {
  return one(
    await t.db
      .insert(orders)
      .values({
        clientId: site.clientId,
        siteId: site.id,
        workersNeeded: 2,
        dailyStartMinute: 420,
        dailyEndMinute: 930,
        ...values,
      })
      .returning(),
  );
}

beforeAll(async () => {
  const client = one(await t.db.insert(clients).values({ name: 'Bâtisseurs Disponibles' }).returning());
  site = one(
    await t.db.insert(sites).values({ clientId: client.id, name: 'Tour Est', city: 'Laval' }).returning(),
  );
  welding = one(
    await t.db.insert(skills).values({ nameFr: 'Soudure dispo', nameEn: 'Welding dispo' }).returning(),
  );

  // Monday to Friday, three asked; Monday to Sunday, weekends included, three asked; a cancelled one;
  // and one already full (one asked, one confirmed).
  weekdays = await order({ startsOn: monday, endsOn: addDays(monday, 6), priority: 1, workersNeeded: 3 });
  withWeekends = await order({
    startsOn: monday,
    endsOn: addDays(monday, 6),
    includeWeekends: true,
    workersNeeded: 3,
  });
  cancelled = await order({ startsOn: monday, endsOn: addDays(monday, 6), cancelledAt: new Date() });
  full = await order({ startsOn: wednesday, endsOn: wednesday, workersNeeded: 1 });

  const ana = await worker('Ana', 'Bergeron', { city: 'Montréal' });
  const bob = await worker('Bob', 'Côté');
  const carl = await worker('Carl', 'Dion');
  const dave = await worker('Dave', 'Éthier');
  const emma = await worker('Emma', 'Fortin');
  const felix = await worker('Félix', 'Gauthier');
  const gabriel = await worker('Gabriel', 'Hébert');
  const hugo = await worker('Hugo', 'Isabelle');
  await worker('Iris', 'Jolicoeur', {}, false);
  await worker('Jean', 'Kirouac', { status: 'indisponible' });
  const karl = await worker('Karl', 'Lavoie', { status: 'assigne' });

  await t.db.insert(absences).values([
    // Bob: sick all of Wednesday; Carl: away two hours of it only (the rest of his day is workable).
    { employeeId: bob.id, type: 'sick', startsOn: wednesday, endsOn: wednesday },
    {
      employeeId: carl.id,
      type: 'personal',
      startsOn: wednesday,
      endsOn: wednesday,
      fromMinute: 480,
      toMinute: 600,
    },
    // A blacklist is no day away.
    { employeeId: ana.id, type: 'blacklist', startsOn: monday, clientId: site.clientId },
  ]);
  await t.db.insert(assignations).values([
    // Dave is asked (pending) on the weekdays' order; Félix confirmed on it.
    { orderId: weekdays.id, employeeId: dave.id, status: 'pending' },
    { orderId: weekdays.id, employeeId: felix.id, status: 'confirmed' },
    // Emma is confirmed on a cancelled order only: free.
    { orderId: cancelled.id, employeeId: emma.id, status: 'confirmed' },
    // Gabriel works the weekends' order, Saturday included.
    { orderId: withWeekends.id, employeeId: gabriel.id, status: 'confirmed' },
    // Hugo declined: free.
    { orderId: withWeekends.id, employeeId: hugo.id, status: 'declined' },
    { orderId: full.id, employeeId: karl.id, status: 'confirmed' },
  ]);
  await t.db.insert(employeeSkills).values([
    { employeeId: ana.id, skillId: welding.id, expiresOn: wednesday },
    { employeeId: carl.id, skillId: welding.id, expiresOn: addDays(wednesday, -1) },
    { employeeId: emma.id, skillId: welding.id },
  ]);
});

describe('GET /api/dashboards/available-employees', () => {
  it('lists who is free on the day, by name: not away all day, not booked on an order working that day', async () => {
    const page = await available({ date: wednesday });
    // Bob is away all day; Dave (pending) and Félix (confirmed) are booked; Gabriel works the
    // order with weekends; Karl is on the full order; Iris is archived; Jean is indisponible.
    expect(names(page)).toEqual(['Ana', 'Carl', 'Emma', 'Hugo']);
    expect(page).toMatchObject({ date: wednesday, total: 4, page: 1, pageSize: 25 });
    expect(page.items[0]).toMatchObject({
      firstName: 'Ana',
      lastName: 'Bergeron',
      city: 'Montréal',
      status: 'disponible',
      skills: [{ skillId: welding.id, nameFr: 'Soudure dispo', expiresOn: wednesday, expired: false }],
    });
    expect(page.items[1]?.skills).toEqual([expect.objectContaining({ expired: true })]);
  });

  it('on a Saturday, an order without weekends books nobody; one with weekends does', async () => {
    const page = await available({ date: saturday });
    expect(names(page)).toEqual(['Ana', 'Bob', 'Carl', 'Dave', 'Emma', 'Félix', 'Hugo', 'Karl']);
  });

  it('takes dd/MM/yyyy too, and the day after the week everyone active and callable is free', async () => {
    const [y, m, d] = addDays(monday, 7).split('-');
    const page = await available({ date: `${d}/${m}/${y}` });
    expect(page.date).toBe(addDays(monday, 7));
    expect(page.total).toBe(9);
  });

  it('pages in order, with the total on every page and past the last one', async () => {
    const first = await available({ date: saturday, pageSize: '3' });
    const second = await available({ date: saturday, pageSize: '3', page: '2' });
    const third = await available({ date: saturday, pageSize: '3', page: '3' });
    const beyond = await available({ date: saturday, pageSize: '3', page: '4' });
    expect([names(first), names(second), names(third)]).toEqual([
      ['Ana', 'Bob', 'Carl'],
      ['Dave', 'Emma', 'Félix'],
      ['Hugo', 'Karl'],
    ]);
    expect([first.total, second.total, third.total, beyond.total]).toEqual([8, 8, 8, 8]);
    expect(beyond.items).toEqual([]);
  });

  it('filters by a skill valid that day, by city, and searches without accents', async () => {
    expect(names(await available({ date: wednesday, skillId: welding.id }))).toEqual(['Ana', 'Emma']);
    // Ana's certificate ends on Wednesday: the next day she no longer counts as holding it.
    expect(names(await available({ date: addDays(wednesday, 1), skillId: welding.id }))).toEqual(['Emma']);
    expect(names(await available({ date: wednesday, city: 'MONTREAL' }))).toEqual(['Ana']);
    expect(names(await available({ date: wednesday, q: 'dispo fortin' }))).toEqual(['Emma']);
  });

  it('refuses a date that is not one', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/dashboards/available-employees',
      headers: admin.headers,
      query: { date: '31/02/2026' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/dashboards/available-employees/open-orders', () => {
  it('lists the orders working that day with places left, most urgent first; not the cancelled nor the full', async () => {
    const { date, items } = await openOrders(wednesday);
    expect(date).toBe(wednesday);
    const ours = items.filter((item) => item.site.id === site.id);
    expect(ours.map((item) => item.id)).toEqual([weekdays.id, withWeekends.id]);
    expect(ours[0]).toMatchObject({
      client: { name: 'Bâtisseurs Disponibles' },
      site: { name: 'Tour Est', city: 'Laval' },
      workersNeeded: 3,
      confirmed: 1,
      pending: 1,
      openPlaces: 1,
      dailyStart: '07:00',
      dailyEnd: '15:30',
    });
    // Hugo's decline holds no place.
    expect(ours[1]).toMatchObject({ workersNeeded: 3, confirmed: 1, pending: 0, openPlaces: 2 });
  });

  it('on a Saturday, only the orders that include weekends', async () => {
    const { items } = await openOrders(saturday);
    expect(items.filter((item) => item.site.id === site.id).map((item) => item.id)).toEqual([
      withWeekends.id,
    ]);
  });
});
