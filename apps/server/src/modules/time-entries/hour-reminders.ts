import type { BatchOutcome, HourReminderInput, Language } from '@brigade/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { createMessages } from '../messages/index.ts';
import { hourAlerts } from './hour-alerts.ts';
import { hourReminderText, type MissingDay } from './hour-reminder-text.ts';
import { timeEntriesPolicy } from './policy.ts';

export interface ReminderDeps {
  db: Db;
  publicUrl: string;
}

/**
 * Texts each listed worker who is still short of hours over the range their own reminder (an
 * HourAlerts SMS, queued at once): the days and sites their hours are missing for, in their
 * language. A worker who logged their whole shift since the list was read gets nothing; all the
 * messages are written in one transaction.
 */
export async function sendHourReminders(
  deps: ReminderDeps,
  actor: Actor,
  input: HourReminderInput,
): Promise<BatchOutcome> {
  authorize(actor, timeEntriesPolicy.hourAlerts);
  const asked = new Set(input.employeeIds);
  const alerts = (await hourAlerts(deps.db, actor, input)).filter((alert) => asked.has(alert.employee.id));
  const daysOf = new Map<string, MissingDay[]>();
  for (const alert of alerts) {
    daysOf.set(alert.employee.id, [...(daysOf.get(alert.employee.id) ?? []), alert]);
  }
  if (daysOf.size === 0) throw new AppError('NO_RECIPIENTS', 'No one listed is short of hours');
  const link = `${deps.publicUrl.replace(/\/$/, '')}/time-entries`;
  const outcome: BatchOutcome = { created: [], refused: [] };
  await deps.db.transaction(async (tx) => {
    for (const [employeeId, days] of daysOf) {
      const text = (language: Language) => hourReminderText(days, language, link);
      const { created, refused } = await createMessages(
        tx,
        {
          type: 'HourAlerts',
          recipients: { userIds: [employeeId] },
          texts: { fr: text('fr'), en: text('en') },
        },
        { authorId: actor.userId, queue: true },
      );
      outcome.created.push(...created);
      outcome.refused.push(...refused);
    }
  });
  return outcome;
}
