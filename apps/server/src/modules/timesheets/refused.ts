import { formatHours } from '@brigade/shared';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { timeEntries, timesheetEvents, users } from '../../db/schema/index.ts';
import { enqueueMessages } from '../outbox/index.ts';
import { loadSheet } from './read.ts';
import { dayText, refusedMessage } from './texts.ts';

/**
 * A supervisor refused a line: the admins who sent the week learn it at once, by e-mail, each in
 * their language (call it in the transaction of the refusal). The sheet's badge and the alert are
 * read from the refused line itself. A week sent by nobody still active tells nobody by e-mail.
 */
export async function tellOfficeRefused(
  tx: Tx,
  p: { timesheetId: string; eventId: string; entryId: string; reason: string; supervisorId: string },
): Promise<void> {
  const row = await loadSheet(tx, p.timesheetId);
  if (!row) return;
  const senders = tx
    .selectDistinct({ id: timesheetEvents.actorId })
    .from(timesheetEvents)
    .where(
      and(
        eq(timesheetEvents.timesheetId, p.timesheetId),
        eq(timesheetEvents.kind, 'sent'),
        isNotNull(timesheetEvents.actorId),
      ),
    );
  const [admins, [line], [supervisor]] = await Promise.all([
    tx
      .select({ email: users.email, language: users.language, firstName: users.firstName })
      .from(users)
      .where(
        and(
          inArray(users.id, senders),
          eq(users.role, 'admin'),
          eq(users.active, true),
          isNotNull(users.email),
        ),
      ),
    tx
      .select({
        firstName: users.firstName,
        lastName: users.lastName,
        workDate: timeEntries.workDate,
        minutes: timeEntries.minutes,
      })
      .from(timeEntries)
      .innerJoin(users, eq(users.id, timeEntries.employeeId))
      .where(eq(timeEntries.id, p.entryId)),
    tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, p.supervisorId)),
  ]);
  if (!line) return;
  await enqueueMessages(
    tx,
    admins.map((admin) => {
      const text = refusedMessage(admin.language, {
        name: admin.firstName,
        siteName: row.site.name,
        week: dayText(row.sheet.weekStart, admin.language, true),
        worker: `${line.firstName} ${line.lastName}`,
        day: dayText(line.workDate, admin.language, true),
        hours: formatHours(line.minutes, admin.language),
        supervisor: supervisor ? `${supervisor.firstName} ${supervisor.lastName}` : '',
        reason: p.reason,
      });
      return {
        channel: 'email' as const,
        recipient: admin.email as string,
        subject: text.subject,
        body: text.email,
        language: admin.language,
        idempotencyKey: `timesheet-refused:${p.eventId}:${admin.email}`,
        meta: { kind: 'timesheet_refused', timesheetId: p.timesheetId, entryId: p.entryId },
      };
    }),
  );
}
