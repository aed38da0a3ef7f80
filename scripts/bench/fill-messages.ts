import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';

/**
 * SMS history at scale, written by PostgreSQL itself (generate_series): a General conversation
 * for every employee with a mobile and an Assignation one for half of them, `target` messages in
 * all, alternating out and in, one conversation in ten with unread replies. Does nothing when the
 * database already has that many messages.
 */
export async function fillMessages(
  db: Db,
  target: number,
): Promise<{ conversations: number; added: number }> {
  const rows = async <Row>(query: SQL) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  const count = async (table: string) =>
    Number((await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n ?? 0);
  if ((await count('messages')) >= target) return { conversations: await count('conversations'), added: 0 };
  await db.execute(sql`
    insert into conversations (type, user_id, phone)
    select t.type, u.id, u.phone
    from users u
    join employees e on e.user_id = u.id
    cross join (values ('General'), ('Assignation')) as t(type)
    where u.phone is not null and (t.type = 'General' or hashtext(u.id::text) % 2 = 0)
    on conflict do nothing`);
  const conversations = await count('conversations');
  const perConversation = Math.ceil(target / conversations);
  const ids = await rows<{ id: string }>(sql`select id from conversations order by id`);
  // In slices, so that the embedded database never holds a million new rows in one statement.
  for (let start = 0; start < ids.length; start += 1000) {
    const slice = ids.slice(start, start + 1000).map((row) => row.id);
    await db.execute(sql`
      insert into messages (conversation_id, type, direction, body, language, phone, status, created_at, seen_at)
      select c.id, c.type,
        case when g % 2 = 1 then 'out' else 'in' end,
        case when g % 2 = 1 then 'Bonjour, êtes-vous disponible demain? Chantier à Laval, 7 h.' else 'Oui, je serai là.' end,
        'fr', c.phone,
        case when g % 2 = 1 then 'delivered' else 'received' end,
        now() - make_interval(mins => (${perConversation} - g) * 47 + (abs(hashtext(c.id::text)) % 5000)),
        case when g % 2 = 0 and g >= ${perConversation} - 1 and abs(hashtext(c.id::text)) % 10 = 0 then null else now() end
      from conversations c
      cross join generate_series(1, ${perConversation}) as g
      where c.id in (${sql.join(
        slice.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
  }
  await db.execute(sql`
    update conversations as c set
      last_message_id = last.id,
      last_message_at = last.created_at,
      unseen_count = last.unseen
    from (
      select distinct on (conversation_id) conversation_id, id, created_at,
        count(*) filter (where direction = 'in' and seen_at is null) over (partition by conversation_id) as unseen
      from messages
      order by conversation_id, created_at desc, id desc
    ) as last
    where last.conversation_id = c.id`);
  return { conversations, added: conversations * perConversation };
}
