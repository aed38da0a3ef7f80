import { payWeekStart } from '@brigade/shared';
import { companyInstant } from '@brigade/shared/shift-times';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { clients, sites, timesheetJobWeeks, timesheets } from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';
import { recordingChanges } from '../../lib/changes.ts';
import { AppError } from '../../lib/errors.ts';
import type { Actor } from '../../lib/policy.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { runAlone } from '../../lib/run-alone.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { recordSheetEvent } from './events.ts';
import { type ChaseOutcome, chaseApprovers } from './reminders.ts';
import { sendTimesheet } from './send.ts';

/**
 * The weekly timesheets (issue 26, point 3), made and sent by themselves:
 * - every site with hours in a closed pay week (Sunday to Saturday, Montréal time) gets its
 *   timesheet on the following Sunday night (22:00), one transaction per site: a site that fails
 *   leaves the others made, and is tried again on the next run;
 * - on Monday at 07:00, the sheets of the clients whose "envoi automatique" is on go to their
 *   supervisors, each in their language (sendTimesheet, as the office's button does);
 * - the sheets sent and not approved are chased, then the office is told (reminders.ts);
 * Each run does what is due at `now` and was not done yet (timesheet_job_weeks): twice in a row the
 * second does nothing, and after a down time it catches up, up to `catchUpWeeks` weeks back.
 */

/** Sunday night, when the week just ended is closed: its late hours have had the Sunday. */
const makeMinute = 22 * 60;
/** Monday morning, when the sheets go to the supervisors. */
const sendMinute = 7 * 60;
/** How far back a run catches up on weeks it missed (a server down that long is an incident). */
const catchUpWeeks = 8;

export interface TimesheetJobDeps {
  database: Pick<Database, 'kind' | 'pool'>;
  db: Db;
  storage: FileStorage;
  publicUrl: string;
  /** Where the run's change record is published (lib/realtime.ts). */
  realtime: Realtime;
  /** Hours a sent timesheet waits for its approval before its reminder, then before the office's alert. */
  reminderHours: number;
  log?: { warn(object: object, message: string): void; info(object: object, message: string): void };
}

export interface WeekOutcome {
  weekStart: string;
  /** Timesheets this run made. */
  made: number;
  /** Sites whose timesheet could not be made (tried again on the next run). */
  failed: { siteId: string; error: string }[];
  /** Timesheets this run sent by themselves. */
  sent: number;
  /** Sheets of auto-sending clients that could not go (no supervisor to send to…): left to the office. */
  notSent: { timesheetId: string; error: string }[];
}

export type TimesheetJobOutcome =
  | { ran: false }
  | { ran: true; result: { weeks: WeekOutcome[]; chased: ChaseOutcome } };

/**
 * The job acts as the office with no one behind it: its timesheets' events and audit rows name no
 * one (actor null), and it may do what an admin may.
 */
const jobActor = { userId: null, role: 'admin', scope: null } as unknown as Actor;

/** The latest pay week whose timesheets are due at `now`: the one that ended before last Sunday 22:00. */
export function latestWeekToMake(now: Date): string {
  const thisWeek = payWeekStart(companyToday(now));
  const closedAt = companyInstant(thisWeek, makeMinute);
  return addDays(thisWeek, now.getTime() >= closedAt ? -7 : -14);
}

/** Monday 07:00 after the week: when its sheets go to the supervisors by themselves. */
export function sendTimeOf(weekStart: string): number {
  return companyInstant(addDays(weekStart, 8), sendMinute);
}

/**
 * The weeks to make, oldest first: the latest due one and those missed before it since the last
 * week made (all of them once a row says so), never more than `catchUpWeeks` back. The first run
 * ever makes only the latest: the weeks before it were the office's.
 */
async function weeksToMake(db: Db, latest: string): Promise<string[]> {
  const rows = await db.select().from(timesheetJobWeeks);
  const made = new Set(rows.filter((row) => row.madeAt).map((row) => row.weekStart));
  if (rows.length === 0) return [latest];
  const lastMade = [...made].sort().at(-1);
  const weeks: string[] = [];
  for (let back = catchUpWeeks - 1; back >= 0; back--) {
    const week = addDays(latest, -7 * back);
    const missed = lastMade !== undefined && week > lastMade;
    const unfinished = rows.some((row) => row.weekStart === week && !row.madeAt);
    if (!made.has(week) && (missed || unfinished || week === latest)) weeks.push(week);
  }
  return weeks;
}

/** The sites with hours in the week and no timesheet for it yet. */
async function sitesWithoutSheet(db: Db, weekStart: string): Promise<string[]> {
  const result = await db.execute<{ site_id: string }>(sql`
    select distinct te.site_id from time_entries te
    where te.work_date between ${weekStart}::date and ${addDays(weekStart, 6)}::date
      and not exists (select 1 from timesheets t where t.site_id = te.site_id and t.week_start = ${weekStart}::date)`);
  return (result as unknown as { rows: { site_id: string }[] }).rows.map((row) => row.site_id);
}

/** One site's timesheet, in its own transaction; false when someone made it meanwhile. */
async function makeSheet(db: Db, siteId: string, weekStart: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [made] = await tx
      .insert(timesheets)
      .values({ siteId, weekStart, createdBy: null, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: [timesheets.siteId, timesheets.weekStart] })
      .returning();
    if (!made) return false;
    await recordSheetEvent(
      tx,
      {
        timesheetId: made.id,
        kind: 'created',
        actorId: null as unknown as string,
        detail: { automatic: true },
        at: now,
      },
      {
        action: 'timesheet.create',
        entity: 'timesheet',
        entityId: made.id,
        after: { ...made, automatic: true },
      },
    );
    return true;
  });
}

async function makeWeek(deps: TimesheetJobDeps, weekStart: string, now: Date): Promise<WeekOutcome> {
  const outcome: WeekOutcome = { weekStart, made: 0, failed: [], sent: 0, notSent: [] };
  for (const siteId of await sitesWithoutSheet(deps.db, weekStart)) {
    try {
      if (await makeSheet(deps.db, siteId, weekStart, now)) outcome.made++;
    } catch (error) {
      outcome.failed.push({ siteId, error: String(error) });
      deps.log?.warn({ err: error, siteId, weekStart }, 'weekly timesheet not made');
    }
  }
  await deps.db
    .insert(timesheetJobWeeks)
    .values({ weekStart, madeAt: outcome.failed.length ? null : now })
    .onConflictDoUpdate({
      target: timesheetJobWeeks.weekStart,
      set: { madeAt: outcome.failed.length ? null : now },
    });
  return outcome;
}

/**
 * Monday 07:00 and later: the week's sheets still drafts, never sent, of the clients sending by
 * themselves, sent as the office's button sends them. A sheet that cannot go for a reason of its
 * own (no supervisor, approved meanwhile) stays with the office; any other failure leaves the week
 * to try again.
 */
async function sendWeek(deps: TimesheetJobDeps, outcome: WeekOutcome, now: Date): Promise<void> {
  const due = await deps.db
    .select({ id: timesheets.id })
    .from(timesheets)
    .innerJoin(sites, eq(sites.id, timesheets.siteId))
    .innerJoin(clients, eq(clients.id, sites.clientId))
    .where(
      and(
        eq(timesheets.weekStart, outcome.weekStart),
        eq(timesheets.status, 'draft'),
        isNull(timesheets.sentAt),
        eq(clients.timesheetAutoSend, true),
        eq(clients.active, true),
      ),
    )
    .orderBy(timesheets.id);
  let retry = false;
  for (const { id } of due) {
    try {
      await sendTimesheet(deps, jobActor, id, {});
      outcome.sent++;
    } catch (error) {
      outcome.notSent.push({
        timesheetId: id,
        error: error instanceof AppError ? error.code : String(error),
      });
      if (!(error instanceof AppError)) retry = true;
      deps.log?.warn({ err: error, timesheetId: id }, 'weekly timesheet not sent');
    }
  }
  if (!retry) {
    await deps.db
      .update(timesheetJobWeeks)
      .set({ sentAt: now })
      .where(eq(timesheetJobWeeks.weekStart, outcome.weekStart));
  }
}

/** The weeks made whose Monday 07:00 has passed and whose sheets have not gone yet. */
async function weeksToSend(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .select({ weekStart: timesheetJobWeeks.weekStart })
    .from(timesheetJobWeeks)
    .where(and(isNotNull(timesheetJobWeeks.madeAt), isNull(timesheetJobWeeks.sentAt)))
    .orderBy(timesheetJobWeeks.weekStart);
  return rows.map((row) => row.weekStart).filter((week) => now.getTime() >= sendTimeOf(week));
}

/**
 * One run of the weekly timesheet work at `now`, in one process at a time among all those sharing
 * the database (runAlone): another run under way, it does nothing ({ ran: false }). What it made
 * and sent reaches the admins' browsers as the office's own clicks would (its change record).
 */
export function runTimesheetJobs(deps: TimesheetJobDeps, now = new Date()): Promise<TimesheetJobOutcome> {
  return recordingChanges(deps.realtime, async (change) => {
    const outcome = await runWeeklyWork(deps, now);
    if (!outcome.ran) return outcome;
    const { weeks, chased } = outcome.result;
    if (weeks.some((week) => week.made > 0)) change.sameAs('POST /timesheets');
    if (weeks.some((week) => week.sent > 0) || chased.reminded > 0 || chased.officeAlerted > 0) {
      change.sameAs('POST /timesheets/:id/send');
    }
    return outcome;
  });
}

function runWeeklyWork(deps: TimesheetJobDeps, now: Date): Promise<TimesheetJobOutcome> {
  return runAlone(deps.database, 'weekly-timesheets', async () => {
    const weeks: WeekOutcome[] = [];
    for (const week of await weeksToMake(deps.db, latestWeekToMake(now))) {
      weeks.push(await makeWeek(deps, week, now));
    }
    for (const week of await weeksToSend(deps.db, now)) {
      const outcome = weeks.find((each) => each.weekStart === week) ?? {
        weekStart: week,
        made: 0,
        failed: [],
        sent: 0,
        notSent: [],
      };
      if (!weeks.includes(outcome)) weeks.push(outcome);
      await sendWeek(deps, outcome, now);
    }
    const chased = await chaseApprovers(deps, now);
    if (weeks.some((week) => week.made || week.sent) || chased.reminded || chased.officeAlerted) {
      deps.log?.info({ weeks, chased }, 'weekly timesheets');
    }
    return { weeks, chased };
  });
}
