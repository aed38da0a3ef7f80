import type { Absence } from '@brigade/shared';
import { minutesToTime } from '@brigade/shared';
import { isHealthAbsence, shownAbsenceType } from '@brigade/shared/enums';
import { eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { absences, clients, employees, sites, users } from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { notFound } from '../../lib/errors.ts';
import { totalCount } from '../../lib/list.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { absencesPolicy } from './policy.ts';

/** The absent employee's account (names, search text), joined under its own name. */
export const employeeUser = alias(users, 'absent_user');
const creator = alias(users, 'absence_creator');

/** The columns an absence is shown with: its employee, client, site and author by name. */
export const absenceColumns = {
  absence: absences,
  employeeFirstName: employeeUser.firstName,
  employeeLastName: employeeUser.lastName,
  employeeActive: employeeUser.active,
  employeeNumber: employees.employeeNumber,
  clientName: clients.name,
  siteName: sites.name,
  creatorFirstName: creator.firstName,
  creatorLastName: creator.lastName,
};

/**
 * SELECT … FROM absences with the joins `absenceColumns` reads, and the number of rows matching
 * (`total`, for the list's pages; one row's read ignores it).
 */
export function selectAbsences(db: Executor) {
  return db
    .select({ ...absenceColumns, total: totalCount })
    .from(absences)
    .innerJoin(employees, eq(employees.userId, absences.employeeId))
    .innerJoin(employeeUser, eq(employeeUser.id, absences.employeeId))
    .leftJoin(clients, eq(clients.id, absences.clientId))
    .leftJoin(sites, eq(sites.id, absences.siteId))
    .leftJoin(creator, eq(creator.id, absences.createdBy));
}

type AbsenceRowWithNames = {
  absence: typeof absences.$inferSelect;
  employeeFirstName: string;
  employeeLastName: string;
  employeeActive: boolean;
  employeeNumber: string;
  clientName: string | null;
  siteName: string | null;
  creatorFirstName: string | null;
  creatorLastName: string | null;
};

/** Whether the absence is in force on `today`: a day away that includes it, or a blacklist begun and not ended. */
/**
 * The days away (no blacklists) that touch from–to: a range overlap the GiST index
 * `absences_range_idx` answers without reading the absences that end before or start after.
 */
export function awayDuring(from: string, to: string): SQL {
  return sql`${absences.type} <> 'blacklist' and daterange(${absences.startsOn}, ${absences.endsOn}, '[]') && daterange(${from}::date, ${to}::date, '[]')`;
}

export function inForce(absence: { startsOn: string; endsOn: string | null }, today: string): boolean {
  return absence.startsOn <= today && (absence.endsOn === null || today <= absence.endsOn);
}

/**
 * How much of an absence is shown: `whole` on the absence itself (the office's page) and in a
 * worker's own list; `listed` elsewhere, where a health-related absence is only `absent`, without
 * its reason (Law 25: health information is seen by who needs it, where they need it).
 */
export type AbsenceView = 'whole' | 'listed';

export function toAbsence(
  row: AbsenceRowWithNames,
  today = companyToday(),
  view: AbsenceView = 'whole',
): Absence {
  const { absence } = row;
  const hidden = view === 'listed' && isHealthAbsence(absence.type);
  return {
    id: absence.id,
    employee: {
      id: absence.employeeId,
      firstName: row.employeeFirstName,
      lastName: row.employeeLastName,
      employeeNumber: row.employeeNumber,
      active: row.employeeActive,
    },
    type: hidden ? shownAbsenceType(absence.type) : absence.type,
    startsOn: absence.startsOn,
    endsOn: absence.endsOn,
    fromTime: absence.fromMinute === null ? null : minutesToTime(absence.fromMinute),
    toTime: absence.toMinute === null ? null : minutesToTime(absence.toMinute),
    client: absence.clientId && row.clientName ? { id: absence.clientId, name: row.clientName } : null,
    site: absence.siteId && row.siteName ? { id: absence.siteId, name: row.siteName } : null,
    reason: hidden ? null : absence.reason,
    createdBy:
      absence.createdBy && row.creatorFirstName !== null
        ? { id: absence.createdBy, firstName: row.creatorFirstName, lastName: row.creatorLastName ?? '' }
        : null,
    createdAt: absence.createdAt.toISOString(),
    updatedAt: absence.updatedAt.toISOString(),
    current: inForce(absence, today),
  };
}

export async function findAbsence(db: Executor, id: string): Promise<Absence | undefined> {
  const [row] = await selectAbsences(db).where(eq(absences.id, id)).limit(1);
  return row ? toAbsence(row) : undefined;
}

export async function getAbsence(db: Executor, actor: Actor, id: string): Promise<Absence> {
  authorize(actor, absencesPolicy.read);
  const absence = await findAbsence(db, id);
  if (!absence) throw notFound('Absence');
  return absence;
}

/** 404 unless the employee exists (archived or not). */
export async function requireEmployee(db: Executor, employeeId: string): Promise<void> {
  const [employee] = await db
    .select({ id: employees.userId })
    .from(employees)
    .where(eq(employees.userId, employeeId))
    .limit(1);
  if (!employee) throw notFound('Employee');
}

/** An employee's absences and blacklists, the latest first (their page, or their own view). */
export async function listEmployeeAbsences(db: Executor, actor: Actor, employeeId: string) {
  authorize(actor, absencesPolicy.readEmployee, { id: employeeId });
  await requireEmployee(db, employeeId);
  const rows = await selectAbsences(db)
    .where(eq(absences.employeeId, employeeId))
    .orderBy(sql`${absences.startsOn} desc`, absences.id);
  const today = companyToday();
  const view: AbsenceView = actor.userId === employeeId ? 'whole' : 'listed';
  return { items: rows.map((row) => toAbsence(row, today, view)) };
}
