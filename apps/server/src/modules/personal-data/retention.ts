import type { PersonKind } from '@brigade/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { AppError } from '../../lib/errors.ts';
import { runAlone } from '../../lib/run-alone.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { recordAudit } from '../audit/index.ts';
import { anonymizePerson } from './anonymize.ts';

/**
 * How long each kind of personal data is kept once it is no longer needed, then anonymised
 * (README, "Personal information"): RETENTION_APPLICANT_MONTHS, RETENTION_EMPLOYEE_YEARS,
 * RETENTION_SUPERVISOR_MONTHS.
 */
export interface RetentionSettings {
  /** An applicant never hired: months after their last activity (a change, a status, an SMS). */
  applicantMonths: number;
  /** A former (archived) employee: years after their last hours (CCQ register and payroll: 6). */
  employeeYears: number;
  /** A former (archived) supervisor: months after their last site ended or last approval. */
  supervisorMonths: number;
}

export const defaultRetention: RetentionSettings = {
  applicantMonths: 24,
  employeeYears: 6,
  supervisorMonths: 36,
};

export interface RetentionDeps {
  database: Pick<Database, 'kind' | 'pool'>;
  db: Db;
  storage: FileStorage;
  forgetUser?: (userId: string) => Promise<void>;
  settings: RetentionSettings;
  log?: { info(object: unknown, message: string): void; error(object: unknown, message: string): void };
}

export type RetentionOutcome =
  | { ran: false }
  | {
      ran: true;
      result: { day: string; skipped: boolean; anonymized: Record<PersonKind, string[]>; failed: string[] };
    };

/** At most this many people of each kind a run: a first run on an old database takes a few days. */
const perRun = 1000;

/** The people of each kind past their retention at `now`, not anonymised yet. */
export async function pastRetention(
  db: Db,
  settings: RetentionSettings,
  now: Date,
): Promise<Record<PersonKind, string[]>> {
  const at = now.toISOString();
  const today = companyToday(now);
  const ids = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  const applicants = await ids(sql`
    select a.id from applicants a
    where a.anonymized_at is null and a.employee_id is null and a.status <> 'hired'
      and greatest(
        a.updated_at,
        coalesce((select max(c.changed_at) from applicant_status_changes c where c.applicant_id = a.id), a.updated_at),
        coalesce((select max(v.last_message_at) from conversations v where v.applicant_id = a.id), a.updated_at)
      ) < ${at}::timestamptz - make_interval(months => ${settings.applicantMonths}::int)
    order by a.id limit ${perRun}`);
  const employees = await ids(sql`
    select u.id from users u join employees e on e.user_id = u.id
    where u.role = 'employee' and u.anonymized_at is null and not u.active
      and greatest(
        (u.updated_at at time zone 'America/Toronto')::date,
        coalesce((select max(t.work_date) from time_entries t where t.employee_id = u.id), '1900-01-01'::date)
      ) < (${today}::date - make_interval(years => ${settings.employeeYears}::int))::date
    order by u.id limit ${perRun}`);
  const supervisors = await ids(sql`
    select u.id from users u
    where u.role = 'supervisor' and u.anonymized_at is null and not u.active
      and greatest(
        (u.updated_at at time zone 'America/Toronto')::date,
        coalesce((select max(s.end_date) from site_supervisors ss join sites s on s.id = ss.site_id
                  where ss.supervisor_id = u.id), '1900-01-01'::date),
        coalesce((select max(t.week_start) + 6 from timesheets t where t.approved_by = u.id), '1900-01-01'::date)
      ) < (${today}::date - make_interval(months => ${settings.supervisorMonths}::int))::date
    order by u.id limit ${perRun}`);
  return { applicants, employees, supervisors };
}

const runAction = 'personal_data.retention_run';

/**
 * The daily retention run: once a day (the day's run is an audit row), by one process at a time
 * among all those sharing the database (runAlone), it anonymises everyone past their retention,
 * one transaction each (one that fails is logged and tried again the next day).
 */
export async function runRetentionJob(deps: RetentionDeps, now = new Date()): Promise<RetentionOutcome> {
  return runAlone(deps.database, 'personal-data-retention', async () => {
    const day = companyToday(now);
    const [last] = await deps.db
      .select({ at: auditLog.at })
      .from(auditLog)
      .where(and(eq(auditLog.action, runAction), eq(auditLog.entity, 'retention')))
      .orderBy(desc(auditLog.at))
      .limit(1);
    const anonymized: Record<PersonKind, string[]> = { applicants: [], employees: [], supervisors: [] };
    if (last && companyToday(last.at) === day) return { day, skipped: true, anonymized, failed: [] };
    const due = await pastRetention(deps.db, deps.settings, now);
    const failed: string[] = [];
    for (const kind of ['applicants', 'employees', 'supervisors'] as const) {
      for (const id of due[kind]) {
        try {
          await anonymizePerson(deps, null, kind, id, 'retention', now);
          anonymized[kind].push(id);
        } catch (error) {
          if (error instanceof AppError && error.code === 'ALREADY_ANONYMIZED') continue;
          failed.push(id);
          deps.log?.error({ err: error, kind, id }, 'retention: anonymisation failed');
        }
      }
    }
    await recordAudit(deps.db, {
      actorId: null,
      action: runAction,
      entity: 'retention',
      entityId: day,
      after: {
        settings: deps.settings,
        anonymized: Object.fromEntries(Object.entries(anonymized).map(([kind, list]) => [kind, list.length])),
        failed: failed.length,
      },
    });
    if (Object.values(anonymized).some((list) => list.length) || failed.length)
      deps.log?.info({ anonymized, failed }, 'retention: people past their retention anonymised');
    return { day, skipped: false, anonymized, failed };
  });
}
