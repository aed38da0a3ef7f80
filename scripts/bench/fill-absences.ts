import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { absences, clients, employees } from '../../apps/server/src/db/schema/index.ts';
import { addDays, companyToday } from '../../apps/server/src/lib/calendar.ts';
import { random } from '../../apps/server/src/seed/demo/random.ts';

const types = [
  'sick',
  'sick',
  'sick',
  'vacation',
  'vacation',
  'personal',
  'training',
  'work_accident',
  'other',
] as const;

/**
 * Absences at the agency's scale: for every employee, days away over the year before and the
 * half-year after today (about 5 % of the workers away on a given day, as the demo), one after
 * another so that none overlap; and a blacklist for one employee in fifty. Skipped when the
 * database already holds absences. Returns how many were added.
 */
export async function fillAbsences(db: Db): Promise<number> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(absences);
  if ((existing?.n ?? 0) > 0) return 0;
  const workers = await db.select({ id: employees.userId }).from(employees).orderBy(employees.userId);
  const clientIds = (await db.select({ id: clients.id }).from(clients).orderBy(clients.id)).map(
    (row) => row.id,
  );
  const r = random(7);
  const today = companyToday();
  const first = addDays(today, -365);
  const last = addDays(today, 180);
  let rows: (typeof absences.$inferInsert)[] = [];
  let added = 0;
  const flush = async () => {
    if (!rows.length) return;
    await db.insert(absences).values(rows);
    added += rows.length;
    rows = [];
  };
  for (const [index, worker] of workers.entries()) {
    // A mean gap of ~60 days after an absence of ~3 days: about 5 % of the days away.
    let day = addDays(first, r.int(0, 60));
    while (day <= last) {
      const type = r.pick(types);
      const length =
        type === 'vacation' ? r.int(5, 10) : type === 'work_accident' ? r.int(5, 20) : r.int(1, 3);
      const endsOn = addDays(day, length - 1);
      rows.push({ employeeId: worker.id, type, startsOn: day, endsOn, reason: null });
      day = addDays(endsOn, 1 + r.int(20, 100));
    }
    if (index % 50 === 0 && clientIds.length) {
      rows.push({
        employeeId: worker.id,
        type: 'blacklist',
        startsOn: addDays(today, -r.int(1, 500)),
        endsOn: null,
        clientId: r.pick(clientIds),
      });
    }
    if (rows.length >= 2000) await flush();
  }
  await flush();
  return added;
}
