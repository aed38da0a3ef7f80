import type { Tx } from '../../db/client.ts';
import { enqueueMessages } from '../outbox/index.ts';
import { loadSheet, sheetRecipients } from './read.ts';
import { dayText, reopenedMessage, settledMessage } from './texts.ts';

/**
 * Tells the site's supervisors, each in their language, that an admin's change reopened the week
 * they approved, or (`settled`) that the lines they refused were corrected: either way, to approve
 * again (call it in the transaction of the change). E-mail where they have one, else SMS.
 */
export async function tellReopened(
  tx: Tx,
  timesheetId: string,
  changeId: string,
  why: 'approved_changed' | 'settled' = 'approved_changed',
): Promise<void> {
  const row = await loadSheet(tx, timesheetId);
  if (!row) return;
  const supervisors = (await sheetRecipients(tx, row)).filter((r) => r.kind === 'supervisor');
  await enqueueMessages(
    tx,
    supervisors.flatMap((recipient) => {
      const to = recipient.email ?? recipient.phone;
      if (!to) return [];
      const text = (why === 'settled' ? settledMessage : reopenedMessage)(recipient.language, {
        name: recipient.name,
        siteName: row.site.name,
        week: dayText(row.sheet.weekStart, recipient.language, true),
      });
      return [
        {
          channel: recipient.email ? ('email' as const) : ('sms' as const),
          recipient: to,
          subject: recipient.email ? text.subject : undefined,
          body: recipient.email ? text.email : text.sms,
          language: recipient.language,
          idempotencyKey: `timesheet-reopened:${changeId}:${to}`,
          meta: { kind: 'timesheet_reopened', timesheetId },
        },
      ];
    }),
  );
}
