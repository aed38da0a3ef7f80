import type { DeleteOutcome, Timesheet, TimesheetCreate } from '@brigade/shared';
import { payWeekStart, timesheetCreateSchema } from '@brigade/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sites, timesheets } from '../../db/schema/index.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { deleteAudited } from '../audit/index.ts';
import { recordSheetEvent } from './events.ts';
import { timesheetsPolicy } from './policy.ts';
import { loadSheet, timesheetOf } from './read.ts';

/**
 * The timesheet of a site's pay week, made the first time it is asked for: the same site and week
 * again answers the one already made (two clicks, two offices), never a second one.
 */
export async function createTimesheet(db: Db, actor: Actor, input: TimesheetCreate): Promise<Timesheet> {
  authorize(actor, timesheetsPolicy.manage);
  const { siteId, week } = timesheetCreateSchema.parse(input);
  const weekStart = payWeekStart(week);
  const id = await db.transaction(async (tx) => {
    const [site] = await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId));
    if (!site) throw fieldError('siteId', 'not_found');
    const [made] = await tx
      .insert(timesheets)
      .values({ siteId, weekStart, createdBy: actor.userId })
      .onConflictDoNothing({ target: [timesheets.siteId, timesheets.weekStart] })
      .returning();
    if (!made) {
      const [existing] = await tx
        .select({ id: timesheets.id })
        .from(timesheets)
        .where(and(eq(timesheets.siteId, siteId), eq(timesheets.weekStart, weekStart)));
      return (existing as { id: string }).id;
    }
    await recordSheetEvent(
      tx,
      { timesheetId: made.id, kind: 'created', actorId: actor.userId },
      { action: 'timesheet.create', entity: 'timesheet', entityId: made.id, after: made },
    );
    return made.id;
  });
  const row = await loadSheet(db, id, actor);
  return timesheetOf(db, row as NonNullable<typeof row>, actor);
}

/**
 * Deletes a timesheet, approved or not (spec §4). Its entries stay with the workers (they are the
 * pay); the timesheet as it was, approval included, stays in the audit log.
 */
export async function deleteTimesheet(db: Db, actor: Actor, id: string): Promise<DeleteOutcome> {
  authorize(actor, timesheetsPolicy.manage);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(timesheets).where(eq(timesheets.id, id)).for('update');
    if (!before) throw notFound('Timesheet');
    await deleteAudited(tx, timesheets, { actorId: actor.userId, entity: 'timesheet', before });
  });
  return { outcome: 'deleted' };
}
