/**
 * The available-employees dashboard (issue 10) at 10,000 employees and 2,000 active orders:
 * `GET /api/dashboards/available-employees` (a page of who is free on a day, with the filters the
 * office uses) p95 < 50 ms, the budget of the employees list; the open orders of the day beside it.
 *
 * `npm run bench` runs it on its 10,000-employee database after `fill-orders.ts`. On its own (a
 * fresh database: seed:large without SMS, then 2,000 orders; a few minutes):
 *   node scripts/bench/available-employees.ts
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatBudget, formatTiming, timeRequests } from './alerts.ts';
import { benchOnFreshOrdersDatabase } from './standalone.ts';

export const availableEmployeesBudgetMs = 50;

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
const inDays = (days: number) =>
  new Date(Date.parse(`${today()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Prints each kind of request; returns all the page requests together and the day's numbers. */
export async function benchAvailableEmployees(api: string, auth: Record<string, string>) {
  const skills = (await (
    await fetch(`${api}/skills?active=true&pageSize=200`, { headers: auth })
  ).json()) as {
    items: { id: string }[];
  };
  const skillId = skills.items[0]?.id;
  const kinds: [string, string][] = [
    ['today, first page', '/dashboards/available-employees'],
    ['today, page 40', '/dashboards/available-employees?page=40'],
    ['today, 100 a page, page 20', '/dashboards/available-employees?pageSize=100&page=20'],
    ['tomorrow', `/dashboards/available-employees?date=${inDays(1)}`],
    ["search 'trem'", '/dashboards/available-employees?q=trem'],
    ['by skill', `/dashboards/available-employees${skillId ? `?skillId=${skillId}` : ''}`],
    [
      'by skill, next week',
      `/dashboards/available-employees?date=${inDays(7)}${skillId ? `&skillId=${skillId}` : ''}`,
    ],
    ['city Laval', '/dashboards/available-employees?city=laval'],
  ];
  const pages = await timeRequests(api, auth, kinds, 20);
  for (const timing of pages.kinds) console.log(formatTiming(timing));
  const orders = await timeRequests(
    api,
    auth,
    [['open orders of today', '/dashboards/available-employees/open-orders']],
    40,
  );
  for (const timing of orders.kinds) console.log(formatTiming(timing));
  const free = (pages.answers.get('today, first page') as { total: number }).total;
  const open = (orders.answers.get('open orders of today') as { items: unknown[] }).items.length;
  console.log(`  (${free} free today, ${open} open orders today)`);
  return { pages: pages.all, orders: orders.all, free, open };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await benchOnFreshOrdersDatabase('bench-available', async (api, auth) => {
    const { pages } = await benchAvailableEmployees(api, auth);
    console.log(formatBudget('GET /api/dashboards/available-employees', pages, availableEmployeesBudgetMs));
  });
}
