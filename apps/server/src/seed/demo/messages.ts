import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations, messages, smsOptOuts, users } from '../../db/schema/index.ts';
import { random } from './random.ts';

/** What the office and the workers say to each other, in each one's language. */
const exchanges: Record<'fr' | 'en', readonly (readonly [string, string])[]> = {
  fr: [
    ['Bonjour {first}, êtes-vous disponible lundi pour un chantier à Laval? Début 7 h.', 'Oui, je serai là.'],
    ['Rappel : apportez vos bottes et votre harnais demain.', 'Merci, c’est noté!'],
    ['Le chantier de demain est annulé à cause de la pluie.', 'Ok merci'],
    ['Pouvez-vous confirmer vos heures de la semaine?', 'Oui, 40 h, je les entre ce soir.'],
    ['Votre carte ASP expire bientôt, pensez à la renouveler.', 'Je m’en occupe cette semaine.'],
    ['Il manque votre reçu de stationnement de mardi.', 'Je vous l’envoie en photo.'],
  ],
  en: [
    ['Hi {first}, are you available Monday for a site in Laval? Start at 7 a.m.', 'Yes, I’ll be there.'],
    ['Reminder: bring your boots and harness tomorrow.', 'Thanks, got it!'],
    ['Tomorrow’s site is cancelled because of the rain.', 'Ok thanks'],
    ['Can you confirm your hours for the week?', 'Yes, 40 h, I’ll enter them tonight.'],
    ['Your ASP card expires soon, please renew it.', 'I’ll take care of it this week.'],
    ['Your parking receipt for Tuesday is missing.', 'I’ll send you a photo.'],
  ],
};

const pendingDrafts = {
  fr: 'Bonjour {first}, un nouveau chantier commence jeudi à Longueuil. Êtes-vous disponible?',
  en: 'Hi {first}, a new site starts Thursday in Longueuil. Are you available?',
} as const;

/**
 * A few hundred SMS over the demo workers, in both languages: conversations in General and
 * Assignation, some unread, a few failed, drafts waiting in Pending, a number that answered ARRÊT,
 * and a number that matches nobody. Written once: a database that has messages keeps them.
 */
export async function seedMessages(db: Db): Promise<void> {
  const [existing] = await db.select({ id: messages.id }).from(messages).limit(1);
  if (existing) return;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'admin@demo.brigade.test'));
  const people = await db
    .select({ id: users.id, firstName: users.firstName, phone: users.phone, language: users.language })
    .from(users)
    .where(and(eq(users.role, 'employee'), eq(users.active, true), isNotNull(users.phone)))
    .orderBy(users.lastName, users.id)
    .limit(90);
  const r = random(2026);
  const now = Date.now();
  const hour = 3_600_000;
  await db.transaction(async (tx) => {
    for (const [index, person] of people.entries()) {
      if (!person.phone) continue;
      const type = index % 4 === 3 ? ('Assignation' as const) : ('General' as const);
      const [conversation] = await tx
        .insert(conversations)
        .values({ type, userId: person.id, phone: person.phone })
        .returning({ id: conversations.id });
      if (!conversation) continue;
      const rounds = r.int(1, 3);
      // Most conversations are days old; the first ones are this morning's, still unread.
      let at = now - (index < 12 ? r.int(1, 5) * hour : r.int(1, 14) * 24 * hour);
      const rows: (typeof messages.$inferInsert)[] = [];
      for (let round = 0; round < rounds; round++) {
        const [question, answer] = r.pick(exchanges[person.language]);
        const failed = r.next() < 0.05;
        rows.push({
          conversationId: conversation.id,
          type,
          direction: 'out',
          body: question.replace('{first}', person.firstName),
          language: person.language,
          phone: person.phone,
          status: failed ? 'failed' : r.next() < 0.8 ? 'delivered' : 'sent',
          error: failed ? '30003: Unreachable destination handset' : null,
          authorId: admin?.id ?? null,
          createdAt: new Date(at),
          queuedAt: new Date(at),
          sentAt: new Date(at + 2000),
          deliveredAt: failed ? null : new Date(at + 5000),
        });
        at += r.int(2, 40) * 60_000;
        if (failed) break;
        const unread = index < 12 && round === rounds - 1;
        rows.push({
          conversationId: conversation.id,
          type,
          direction: 'in',
          body: answer,
          language: person.language,
          phone: person.phone,
          status: 'received',
          createdAt: new Date(at),
          seenAt: unread ? null : new Date(at + 60_000),
          // An Assignation reply still unread is one the office has to handle.
          replyStatus: type === 'Assignation' && unread ? 'to_handle' : null,
        });
        at += r.int(1, 20) * hour;
      }
      if (index % 9 === 5) {
        rows.push({
          conversationId: conversation.id,
          type,
          direction: 'out',
          body: pendingDrafts[person.language].replace('{first}', person.firstName),
          language: person.language,
          phone: person.phone,
          status: 'pending',
          authorId: admin?.id ?? null,
          createdAt: new Date(now - r.int(5, 90) * 60_000),
        });
      }
      // Nothing from the future: a conversation that ran past now is moved back, whole.
      const latest = Math.max(...rows.map((row) => (row.createdAt as Date).getTime()));
      const shift = latest > now - 5 * 60_000 ? latest - (now - r.int(5, 90) * 60_000) : 0;
      for (const row of rows) {
        for (const key of ['createdAt', 'queuedAt', 'sentAt', 'deliveredAt', 'seenAt'] as const) {
          const value = row[key];
          if (value instanceof Date) row[key] = new Date(value.getTime() - shift);
        }
      }
      await tx.insert(messages).values(rows);
    }

    // A worker who answered ARRÊT: opted out, and told so once.
    const leaving = people.at(-1);
    if (leaving?.phone) {
      const [conversation] = await tx
        .select({ id: conversations.id })
        .from(conversations)
        .where(eq(conversations.userId, leaving.id));
      if (conversation) {
        await tx.insert(messages).values([
          {
            conversationId: conversation.id,
            type: 'General',
            direction: 'in',
            body: 'ARRÊT',
            language: leaving.language,
            phone: leaving.phone,
            status: 'received',
            createdAt: new Date(now - 26 * hour),
            seenAt: new Date(now - 25 * hour),
          },
          {
            conversationId: conversation.id,
            type: 'General',
            direction: 'out',
            body:
              leaving.language === 'en'
                ? 'Brigade: you will no longer receive texts from us. Reply START to receive them again.'
                : 'Brigade : vous ne recevrez plus nos textos. Répondez DEBUT pour les recevoir de nouveau.',
            language: leaving.language,
            phone: leaving.phone,
            status: 'delivered',
            createdAt: new Date(now - 26 * hour + 2000),
            sentAt: new Date(now - 26 * hour + 3000),
            deliveredAt: new Date(now - 26 * hour + 6000),
          },
        ]);
        await tx.insert(smsOptOuts).values({ phone: leaving.phone, keyword: 'ARRET' }).onConflictDoNothing();
      }
    }

    // A number that matches nobody wrote in this morning.
    const [unknown] = await tx
      .insert(conversations)
      .values({ type: 'General', userId: null, phone: '+14385550199' })
      .returning({ id: conversations.id });
    if (unknown) {
      await tx.insert(messages).values({
        conversationId: unknown.id,
        type: 'General',
        direction: 'in',
        body: 'Bonjour, je cherche du travail comme manœuvre. Vous embauchez?',
        language: 'fr',
        phone: '+14385550199',
        status: 'received',
        createdAt: new Date(now - 2 * hour),
      });
    }

    // Each conversation's last message, unread count and replies to handle, from what was written.
    await tx.execute(sql`
      update ${conversations} as c set
        last_message_id = last.id,
        last_message_at = last.created_at,
        unseen_count = (select count(*) from ${messages} as m
          where m.conversation_id = c.id and m.direction = 'in' and m.seen_at is null),
        to_handle_count = (select count(*) from ${messages} as m
          where m.conversation_id = c.id and m.reply_status = 'to_handle')
      from (
        select distinct on (conversation_id) conversation_id, id, created_at
        from ${messages} order by conversation_id, created_at desc, id desc
      ) as last
      where last.conversation_id = c.id and c.id in (select id from ${conversations})`);
  });
}
