import type { AssignationStatus } from '@brigade/shared';
import { inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assignations, auditLog, messages, orders } from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { createMessages } from '../../modules/messages/index.ts';
import { demoAssignationTools } from '../../modules/orders/index.ts';
import { random } from './random.ts';

const { askText, findOrder } = demoAssignationTools;

/**
 * The demo orders' assignations: workers who hold the order's mandatory trade and are neither away
 * during it nor blacklisted, asked with the real Assignation texts (in their language), then moved
 * through every state: past and running orders mostly confirmed by an SMS "Oui"; upcoming ones
 * pending (their text waiting to be sent, or sent and unanswered), confirmed, declined. A few
 * set-based statements per order, so that a fresh demo company starts in seconds. Written once: a
 * database with assignations keeps them.
 */
export async function seedAssignations(db: Db): Promise<void> {
  const [existing] = await db.select({ id: assignations.id }).from(assignations).limit(1);
  if (existing) return;
  const today = companyToday();
  const r = random(2020);
  const live = await db
    .select({ id: orders.id })
    .from(orders)
    .where(isNull(orders.cancelledAt))
    .orderBy(orders.startsOn, orders.id);
  await db.transaction(async (tx) => {
    for (const { id } of live) {
      const order = await findOrder(tx, id);
      if (!order) continue;
      const upcoming = order.startsOn > today;
      const wanted = upcoming ? r.int(0, order.workersNeeded) : order.workersNeeded;
      if (wanted === 0) continue;
      const mandatory = order.skills.find((skill) => skill.mandatory)?.skillId ?? null;
      const { rows: people } = (await tx.execute(sql`
        select u.id, u.phone from users u join employees e on e.user_id = u.id
        where u.active and u.phone is not null
          and (${mandatory}::uuid is null or exists (select 1 from employee_skills es
            where es.employee_id = u.id and es.skill_id = ${mandatory}::uuid))
          and not exists (select 1 from absences a where a.employee_id = u.id
            and (a.type = 'blacklist' or (a.starts_on <= ${order.endsOn}::date and a.ends_on >= ${order.startsOn}::date)))
        order by md5(u.id::text || ${id}) limit ${wanted}`)) as unknown as {
        rows: { id: string; phone: string }[];
      };
      if (people.length === 0) continue;
      const { rows: asks } = await createMessages(
        tx,
        {
          type: 'Assignation',
          recipients: { userIds: people.map((person) => person.id) },
          texts: { fr: askText(order, 'fr'), en: askText(order, 'en') },
        },
        { authorId: null, queue: false },
      );
      const askOf = new Map(asks.map((ask) => [ask.phone, ask]));
      const fates = people.map((person) => {
        const roll = r.next();
        const fate = !upcoming
          ? roll < 0.85
            ? 'confirmed'
            : 'declined'
          : roll < 0.35
            ? 'draft'
            : roll < 0.55
              ? 'asked'
              : roll < 0.9
                ? 'confirmed'
                : 'declined';
        return { person, ask: askOf.get(person.phone), fate };
      });
      const sent = fates.flatMap((each) => (each.fate !== 'draft' && each.ask ? [each.ask.id] : []));
      if (sent.length) {
        await tx
          .update(messages)
          .set({
            status: 'delivered',
            queuedAt: sql`now() - interval '2 days'`,
            sentAt: sql`now() - interval '2 days'`,
            deliveredAt: sql`now() - interval '2 days'`,
          })
          .where(inArray(messages.id, sent));
      }
      const answered = fates.filter(
        (each) => each.ask && (each.fate === 'confirmed' || each.fate === 'declined'),
      );
      if (answered.length) {
        await tx.insert(messages).values(
          answered.map(({ ask, fate }) => ({
            conversationId: ask?.conversationId as string,
            type: 'Assignation' as const,
            direction: 'in' as const,
            body:
              fate === 'confirmed'
                ? r.pick(['Oui', 'OUI', 'oui merci', 'Yes'])
                : r.pick(['Non', 'NON', 'No']),
            language: ask?.language ?? 'fr',
            phone: ask?.phone as string,
            status: 'received' as const,
            replyStatus: fate as 'confirmed' | 'declined',
            seenAt: sql`now() - interval '1 day'`,
            createdAt: sql`now() - interval '1 day'`,
          })),
        );
      }
      const inserted = await tx
        .insert(assignations)
        .values(
          fates.map(({ person, ask, fate }) => {
            const status: AssignationStatus = fate === 'confirmed' || fate === 'declined' ? fate : 'pending';
            return {
              orderId: id,
              employeeId: person.id,
              status,
              messageId: ask?.id ?? null,
              answeredBy: status === 'pending' ? null : ('sms' as const),
              answeredAt: status === 'pending' ? null : sql`now() - interval '1 day'`,
            };
          }),
        )
        .returning({ id: assignations.id, employeeId: assignations.employeeId, status: assignations.status });
      // The order's timeline: each worker asked, and their answer.
      await tx.insert(auditLog).values(
        inserted.flatMap((row) => [
          {
            actorId: null,
            action: 'assignation.create',
            entity: 'order',
            entityId: id,
            after: { assignationId: row.id, employeeId: row.employeeId, status: 'pending' },
          },
          ...(row.status === 'pending'
            ? []
            : [
                {
                  actorId: null,
                  action: row.status === 'confirmed' ? 'assignation.confirm' : 'assignation.decline',
                  entity: 'order',
                  entityId: id,
                  after: {
                    assignationId: row.id,
                    employeeId: row.employeeId,
                    status: row.status,
                    answeredBy: 'sms',
                  },
                },
              ]),
        ]),
      );
    }
  });
}
