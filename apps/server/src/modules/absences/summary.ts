import type { AbsenceCalendar, AbsenceSummary } from '@brigade/shared';
import { payWeekOf, shiftDate } from '@brigade/shared';
import { shownAbsenceType } from '@brigade/shared/enums';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { absences, users } from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { absencesPolicy } from './policy.ts';
import { awayDuring } from './read.ts';

/** The days away (no blacklists) touching from–to, with the employee's name, by last name. */
async function awayBetween(db: Db, from: string, to: string) {
  return (
    db
      .select({
        id: absences.id,
        employeeId: absences.employeeId,
        type: absences.type,
        startsOn: absences.startsOn,
        endsOn: absences.endsOn,
        partDay: sql<boolean>`${absences.fromMinute} is not null`,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(absences)
      .innerJoin(users, eq(users.id, absences.employeeId))
      .where(awayDuring(from, to))
      .orderBy(asc(users.searchText), asc(absences.id))
      // Counted and named as lists show them: a health-related absence is only `absent` (Law 25).
      .then((rows) => rows.map((row) => ({ ...row, type: shownAbsenceType(row.type) })))
  );
}

/** How many of `rows` there are by type (each employee once, by their first absence listed). */
function countByType(rows: { employeeId: string; type: string }[]): Record<string, number> {
  const seen = new Set<string>();
  const counts: Record<string, number> = {};
  for (const row of rows) {
    if (seen.has(row.employeeId)) continue;
    seen.add(row.employeeId);
    counts[row.type] = (counts[row.type] ?? 0) + 1;
  }
  return counts;
}

/** The Absences dashboard item: who is away today and this week, by type. */
export async function absenceSummary(db: Db, actor: Actor): Promise<AbsenceSummary> {
  authorize(actor, absencesPolicy.list);
  const today = companyToday();
  const { weekStart, weekEnd } = payWeekOf(today);
  const week = await awayBetween(db, weekStart, weekEnd);
  const todays = week.filter((row) => row.startsOn <= today && (row.endsOn ?? today) >= today);
  const awayToday = [...new Map(todays.map((row) => [row.employeeId, row])).values()];
  return {
    today,
    weekStart,
    weekEnd,
    todayByType: countByType(todays),
    weekByType: countByType(week),
    awayToday: awayToday.slice(0, 100).map((row) => ({
      absenceId: row.id,
      employeeId: row.employeeId,
      firstName: row.firstName,
      lastName: row.lastName,
      type: row.type,
      endsOn: row.endsOn as string,
      partDay: row.partDay,
    })),
    awayTodayTotal: awayToday.length,
    awayThisWeekTotal: new Set(week.map((row) => row.employeeId)).size,
  };
}

/** How many names a calendar day lists before "+ n more". */
const namesPerDay = 3;

/** A month of the calendar: per day, the count by type and the first few names. */
export async function absenceCalendar(db: Db, actor: Actor, month: string): Promise<AbsenceCalendar> {
  authorize(actor, absencesPolicy.list);
  const first = `${month}-01`;
  const last = shiftDate(shiftDate(first, 32).slice(0, 8).concat('01'), -1);
  const rows = await awayBetween(db, first, last);
  const days: AbsenceCalendar['days'] = [];
  for (let date = first; date <= last; date = shiftDate(date, 1)) {
    const away = rows.filter((row) => row.startsOn <= date && (row.endsOn ?? date) >= date);
    days.push({
      date,
      total: away.length,
      byType: countByType(away),
      first: away.slice(0, namesPerDay).map((row) => ({
        absenceId: row.id,
        employeeId: row.employeeId,
        firstName: row.firstName,
        lastName: row.lastName,
        type: row.type,
        partDay: row.partDay,
      })),
    });
  }
  return { month, days };
}
