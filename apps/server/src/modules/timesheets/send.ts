import { randomUUID } from 'node:crypto';
import type { Language, TimesheetSend, TimesheetSendResult } from '@brigade/shared';
import { timesheetSendSchema } from '@brigade/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { timesheets } from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';
import { AppError } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import type { FileStorage } from '../../lib/storage.ts';

import { enqueueMessages, type OutgoingMessage } from '../outbox/index.ts';
import { issueToken } from '../sessions/index.ts';
import { recordSheetEvent } from './events.ts';
import { timesheetPdf } from './pdf.ts';
import { timesheetsPolicy } from './policy.ts';
import { getTimesheet, sheetFor, sheetRecipients, timesheetOf } from './read.ts';
import { dayText, sendMessage, sheetWords } from './texts.ts';

export interface SendDeps {
  db: Db;
  storage: FileStorage;
  publicUrl: string;
}

/** What an e-mail carries besides its text: files kept in storage, read by the mail driver. */
export interface MailAttachment {
  key: string;
  fileName: string;
  contentType: string;
}

/**
 * Sends the timesheet for approval, to the addresses asked (each a supervisor of the site or its
 * admin-hours contact; all of them when none are named): each supervisor gets an e-mail with the
 * PDF and a magic link to approve it, or an SMS with the link when they have no e-mail; the
 * admin-hours contact the PDF. Each in their own language. The timesheet becomes "sent".
 */
export async function sendTimesheet(
  deps: SendDeps,
  actor: Actor,
  id: string,
  input: TimesheetSend,
): Promise<TimesheetSendResult> {
  authorize(actor, timesheetsPolicy.manage);
  const { emails, phones } = timesheetSendSchema.parse(input);
  const row = await sheetFor(deps.db, actor, id, timesheetsPolicy.read);
  if (row.sheet.status === 'approved') {
    throw new AppError('TIMESHEET_APPROVED', 'This timesheet is already approved', { timesheetId: id });
  }
  // A week is approved once its hours are all in: from the Sunday after its Saturday (Toronto's day).
  const weekEnd = addDays(row.sheet.weekStart, 6);
  if (weekEnd >= companyToday()) {
    throw new AppError('TIMESHEET_WEEK_NOT_ENDED', 'The week is not over yet', { timesheetId: id, weekEnd });
  }
  const recipients = await sheetRecipients(deps.db, row);
  const known = new Set(recipients.flatMap((r) => (r.email ? [r.email.toLowerCase()] : [])));
  const mobiles = new Set(recipients.flatMap((r) => (!r.email && r.phone ? [r.phone] : [])));
  const strangers = [
    ...(emails ?? []).filter((email) => !known.has(email.toLowerCase())),
    ...(phones ?? []).filter((phone) => !mobiles.has(phone)),
  ];
  if (strangers.length) {
    throw new AppError(
      'EMAIL_CANT_SEND_NOT_SUPERVISOR',
      'No e-mail was sent: these addresses are not supervisors of the site',
      { emails: strangers },
    );
  }
  const named = emails !== undefined || phones !== undefined;
  const chosen = recipients.filter((r) =>
    r.email
      ? !named || (emails ?? []).some((e) => e.toLowerCase() === r.email?.toLowerCase())
      : r.phone !== null && (!named || (phones ?? []).includes(r.phone)),
  );
  if (chosen.length === 0) {
    throw new AppError('BAD_REQUEST', 'The site has no supervisor to send it to', {
      reason: 'no_recipients',
    });
  }

  // One PDF per language, stored for the e-mails that carry it (the outbox sends them later).
  const sheet = await timesheetOf(deps.db, row);
  const languages = [...new Set(chosen.filter((r) => r.email).map((r) => r.language))];
  const attachments = new Map<Language, MailAttachment>();
  for (const language of languages) {
    const key = `timesheet/${randomUUID()}`;
    await deps.storage.put(key, await timesheetPdf(sheet, language));
    attachments.set(language, {
      key,
      fileName: `${sheetWords(language).fileName}-${sheet.site.name.replace(/[^\p{L}\p{N}]+/gu, '-')}-${sheet.weekStart}.pdf`,
      contentType: 'application/pdf',
    });
  }

  const sendId = randomUUID();
  const sent: TimesheetSendResult['sent'] = [];
  await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(timesheets).where(eq(timesheets.id, id)).for('update');
    if (locked?.status === 'approved') {
      throw new AppError('TIMESHEET_APPROVED', 'This timesheet is already approved', { timesheetId: id });
    }
    const messages: OutgoingMessage[] = [];
    for (const recipient of chosen) {
      const link = recipient.userId
        ? `${deps.publicUrl.replace(/\/$/, '')}/magic-link-login/${await issueToken(tx, {
            userId: recipient.userId,
            purpose: 'magic_link',
            scope: { kind: 'timesheet', id },
          })}`
        : null;
      const text = sendMessage(recipient.language, {
        name: recipient.name,
        siteName: sheet.site.name,
        week: dayText(sheet.weekStart, recipient.language, true),
        link,
      });
      const channel = recipient.email ? 'email' : 'sms';
      const to = (recipient.email ?? recipient.phone) as string;
      messages.push({
        channel,
        recipient: to,
        subject: channel === 'email' ? text.subject : undefined,
        body: channel === 'email' ? text.email : text.sms,
        language: recipient.language,
        idempotencyKey: `timesheet-send:${sendId}:${to}`,
        meta: {
          kind: 'timesheet',
          timesheetId: id,
          ...(channel === 'email' ? { attachments: [attachments.get(recipient.language)] } : {}),
        },
      });
      sent.push({ name: recipient.name, channel, to });
    }
    await enqueueMessages(tx, messages);
    const [after] = await tx
      .update(timesheets)
      .set({ status: 'sent', sentAt: new Date(), updatedAt: new Date() })
      .where(eq(timesheets.id, id))
      .returning();
    await recordSheetEvent(
      tx,
      { timesheetId: id, kind: 'sent', actorId: actor.userId, detail: { recipients: sent } },
      {
        action: 'timesheet.send',
        entity: 'timesheet',
        entityId: id,
        before: locked,
        after: { ...after, recipients: sent },
      },
    );
  });
  return {
    sent,
    timesheet: await getTimesheet(deps.db, actor, id),
  };
}
