import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { clients, siteSupervisors, sites, users } from '../../db/schema/index.ts';
import { seedDemo } from '../../seed/demo.ts';

const t = await buildTestApp();

// The demo company is loaded twice (300 workers, 60 sites, a few weeks of hours): tens of seconds on
// a loaded 2-core machine, hence its own time limit.
describe('demo clients and sites', { timeout: 90_000 }, () => {
  it('seeds twenty clients and about sixty sites once, the demo supervisor supervising one', async () => {
    await seedDemo(t.db, { passwordIfNew: 'demo-pass-1' });
    await seedDemo(t.db, { passwordIfNew: 'demo-pass-1' });
    const count = async (table: typeof clients | typeof sites | typeof siteSupervisors) =>
      (await t.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(table))[0]!.n;
    expect(await count(clients)).toBe(20);
    const siteCount = await count(sites);
    // About sixty, all of active clients (archived clients have none).
    expect(siteCount).toBeGreaterThanOrEqual(55);
    expect(siteCount).toBeLessThanOrEqual(65);
    const ofArchived = await t.db.execute(sql`select s.id from ${sites} s
      join ${clients} c on c.id = s.client_id where not c.active`);
    expect((ofArchived as unknown as { rows: unknown[] }).rows).toHaveLength(0);
    // Every site has at least one supervisor of its own client.
    const orphans = await t.db.execute(sql`select s.id from ${sites} s
      where not exists (select 1 from ${siteSupervisors} ss join ${users} u on u.id = ss.supervisor_id
                        where ss.site_id = s.id and u.client_id = s.client_id)`);
    expect((orphans as unknown as { rows: unknown[] }).rows).toHaveLength(0);

    const [demo] = await t.db.select().from(users).where(eq(users.email, 'superviseur@demo.brigade.test'));
    const { token } = await t.login('superviseur@demo.brigade.test', 'demo-pass-1');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/sites?status=active',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().total).toBeGreaterThanOrEqual(1);
    expect(response.json().items[0].clientId).toBe(demo!.clientId);

    // The three statuses all show up in the demo.
    const admin = await t.signedIn('admin');
    for (const status of ['active', 'inactive', 'upcoming']) {
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/sites?status=${status}`,
        headers: admin.headers,
      });
      expect(list.json().total, status).toBeGreaterThan(0);
    }
  });
});
