import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { timeEntries, timesheets, users } from '../db/schema/index.ts';
import { seedDemo } from './demo.ts';

const t = await buildTestApp();

describe('the demo company’s hours', () => {
  it('logs most confirmed days of the last two weeks, leaves the demo employee’s empty, and makes last week’s timesheets in every state, once', async () => {
    await seedDemo(t.db, { passwordIfNew: 'demo-pass-1' });
    const [{ n: entries } = { n: 0 }] = await t.db
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(timeEntries);
    expect(entries).toBeGreaterThan(50);
    const [demo] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'employe@demo.brigade.test'));
    expect(
      await t.db
        .select()
        .from(timeEntries)
        .where(eq(timeEntries.employeeId, demo?.id as string)),
    ).toEqual([]);
    const states = await t.db
      .select({ status: timesheets.status, n: sql<number>`cast(count(*) as integer)` })
      .from(timesheets)
      .groupBy(timesheets.status);
    expect(states.map((row) => row.status).sort()).toEqual(['approved', 'draft', 'sent']);
    const waiting =
      await t.db.execute(sql`select 1 from timesheets t join site_supervisors ss on ss.site_id = t.site_id
      join users u on u.id = ss.supervisor_id where u.email = 'superviseur@demo.brigade.test' and t.status = 'sent'`);
    expect((waiting as unknown as { rows: unknown[] }).rows.length).toBe(1);
    // A second start changes nothing.
    await seedDemo(t.db, { passwordIfNew: 'demo-pass-1' });
    const [{ n: again } = { n: 0 }] = await t.db
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(timeEntries);
    expect(again).toBe(entries);
  });
});
