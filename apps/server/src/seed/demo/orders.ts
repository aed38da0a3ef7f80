import { defaultUnpaidBreakMinutes, workDays } from '@brigade/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  orderSkills,
  orders,
  orderTools,
  siteSupervisors,
  sites,
  skills,
  tools,
  users,
} from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';
import { random } from './random.ts';

const notes = [
  'Coffrage des dalles du 3e étage',
  'Démolition intérieure, apporter les lunettes',
  'Finition de gypse',
  'Pose de charpente — équipe de 2 minimum',
  'Installation des échafaudages côté rue',
  null,
  null,
];

/**
 * Orders over the past month and the next three weeks on the demo's live sites (their
 * assignations come with matching): some at height, with tools, in every priority; one cancelled.
 * Written once: a database with orders keeps them.
 */
export async function seedOrders(db: Db): Promise<void> {
  const [existing] = await db.select({ id: orders.id }).from(orders).limit(1);
  if (existing) return;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'admin@demo.brigade.test'));
  const liveSites = await db
    .select({ id: sites.id, clientId: sites.clientId })
    .from(sites)
    .where(
      sql`not ${sites.archived} and (${sites.endDate} is null or ${sites.endDate} >= ${companyToday()}::date)`,
    )
    .orderBy(sites.name);
  const skillIds = (await db.select({ id: skills.id }).from(skills).where(eq(skills.active, true))).map(
    (s) => s.id,
  );
  const toolIds = (await db.select({ id: tools.id }).from(tools).where(eq(tools.active, true))).map(
    (t) => t.id,
  );
  if (!liveSites.length || !skillIds.length) return;
  const r = random(1010);
  const today = companyToday();
  await db.transaction(async (tx) => {
    for (const [index, site] of liveSites.entries()) {
      const [supervisor] = await tx
        .select({ id: siteSupervisors.supervisorId })
        .from(siteSupervisors)
        .where(eq(siteSupervisors.siteId, site.id))
        .limit(1);
      for (let n = 0; n < r.int(1, 3); n++) {
        const startsOn = addDays(today, r.int(-30, 21));
        const start = r.pick([6, 7, 7, 8]) * 60;
        const end = start + r.pick([8, 8.5, 9]) * 60;
        const workersNeeded = r.int(1, 8);
        const endsOn = addDays(startsOn, r.int(0, 15));
        // An order always has a day to work: a weekend-only one includes its weekend.
        const includeWeekends =
          r.next() < 0.15 || workDays({ startsOn, endsOn, includeWeekends: false }).length === 0;
        const [order] = await tx
          .insert(orders)
          .values({
            clientId: site.clientId,
            siteId: site.id,
            supervisorId: supervisor?.id ?? null,
            workersNeeded,
            startsOn,
            endsOn,
            includeWeekends,
            dailyStartMinute: start,
            dailyEndMinute: end,
            unpaidBreakMinutes: defaultUnpaidBreakMinutes(start, end),
            heightMetres: r.next() < 0.3 ? r.pick([3, 6, 12, 20]) : null,
            priority: r.pick([1, 2, 2, 3]),
            notes: r.pick(notes),
            createdBy: admin?.id ?? null,
            cancelledAt: index === 0 && n === 0 ? new Date() : null,
            cancelledBy: index === 0 && n === 0 ? (admin?.id ?? null) : null,
            cancelReason: index === 0 && n === 0 ? 'Chantier reporté par le client' : null,
          })
          .returning({ id: orders.id });
        if (!order) continue;
        const chosen = [...new Set([r.pick(skillIds), r.pick(skillIds)])];
        await tx
          .insert(orderSkills)
          .values(chosen.map((skillId, i) => ({ orderId: order.id, skillId, mandatory: i === 0 })));
        if (toolIds.length && r.next() < 0.5)
          await tx.insert(orderTools).values({ orderId: order.id, toolId: r.pick(toolIds) });
      }
    }
  });
}
