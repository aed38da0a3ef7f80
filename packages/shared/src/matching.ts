import { type AwayPeriod, type BlacklistEntry, isBlacklisted, timeToMinutes } from './absences.ts';
import { type EmployeeStatus, shownAbsenceType } from './enums.ts';

/**
 * The ranking of candidates for an order (issue 10): one pure function, fed by one query of the
 * server, that says for every employee whether a hard rule leaves them out, and otherwise how well
 * they fit, with the reasons in words (codes the screens translate, with their values).
 */

export interface MatchOrder {
  clientId: string;
  siteId: string;
  startsOn: string;
  endsOn: string;
  includeWeekends: boolean;
  /** "HH:mm". */
  dailyStart: string;
  dailyEnd: string;
  heightMetres: number | null;
  skills: { skillId: string; mandatory: boolean }[];
  toolIds: string[];
}

/** An order a candidate is already confirmed on. */
export interface Booking {
  orderId: string;
  startsOn: string;
  endsOn: string;
  includeWeekends: boolean;
  dailyStart: string;
  dailyEnd: string;
}

export interface MatchCandidate {
  id: string;
  active: boolean;
  status: EmployeeStatus;
  fearOfHeights: boolean;
  skills: { skillId: string; expiresOn: string | null }[];
  toolIds: string[];
  away: AwayPeriod[];
  blacklists: BlacklistEntry[];
  confirmedElsewhere: Booking[];
  workedAtSite: boolean;
  workedForClient: boolean;
  /** From home to the site, when both have coordinates. */
  distanceKm: number | null;
  /** Minutes worked (or booked) this week. */
  minutesThisWeek: number;
}

/** Why a candidate is left out; the first that applies is shown (greyed, with "show excluded"). */
export type Exclusion =
  | { code: 'archived' }
  | { code: 'absent'; date: string; absenceType: string }
  | { code: 'blacklisted' }
  | { code: 'fear_of_heights'; heightMetres: number }
  | { code: 'missing_skill'; skillId: string }
  | { code: 'skill_expires'; skillId: string; expiresOn: string }
  | { code: 'booked'; orderId: string; date: string };

/** What counts for or against a candidate who may go ("✔ carte ASP valide jusqu'au 2027-03 ✗ pas de harnais"). */
export type Reason =
  | { code: 'has_skill'; skillId: string; expiresOn: string | null }
  | { code: 'lacks_skill'; skillId: string }
  | { code: 'has_tool'; toolId: string }
  | { code: 'lacks_tool'; toolId: string }
  | { code: 'available' }
  | { code: 'status'; status: EmployeeStatus }
  | { code: 'worked_at_site' }
  | { code: 'worked_for_client' }
  | { code: 'distance'; km: number }
  | { code: 'hours_this_week'; minutes: number }
  | { code: 'part_day_absence'; date: string; fromTime: string; toTime: string };

export interface Ranked {
  id: string;
  excluded: Exclusion | null;
  /** Higher is better; excluded candidates come after every other, by score too. */
  score: number;
  reasons: Reason[];
}

const day = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The days the order is worked: every day of its range, without Saturdays and Sundays unless it includes them. */
export function workDays(range: { startsOn: string; endsOn: string; includeWeekends: boolean }): string[] {
  const days: string[] = [];
  for (
    let ms = Date.parse(`${range.startsOn}T00:00:00Z`);
    ms <= Date.parse(`${range.endsOn}T00:00:00Z`);
    ms += day
  ) {
    const weekday = new Date(ms).getUTCDay();
    if (range.includeWeekends || (weekday !== 0 && weekday !== 6)) days.push(dateOf(ms));
  }
  return days;
}

/** Saturday or Sunday ('YYYY-MM-DD', a calendar day). */
const isWeekend = (date: string) => {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
};

const overlaps = (aFrom: string, aTo: string, bFrom: string, bTo: string) =>
  timeToMinutes(aFrom) < timeToMinutes(bTo) && timeToMinutes(bFrom) < timeToMinutes(aTo);

/** The first hard rule that leaves the candidate out of this order, or null. */
export function exclusionOf(
  order: MatchOrder,
  candidate: MatchCandidate,
  days = workDays(order),
): Exclusion | null {
  if (!candidate.active) return { code: 'archived' };
  for (const date of days) {
    const absence = candidate.away.find((period) => period.startsOn <= date && date <= period.endsOn);
    // Away part of the day: only when those hours cross the order's.
    if (
      absence &&
      (!absence.fromTime ||
        overlaps(absence.fromTime, absence.toTime ?? '24:00', order.dailyStart, order.dailyEnd))
    ) {
      // Only `absent` for a health-related one: the matching list is no place for health information.
      return { code: 'absent', date, absenceType: shownAbsenceType(absence.type) };
    }
  }
  if (days.some((date) => isBlacklisted(candidate.blacklists, order.clientId, order.siteId, date))) {
    return { code: 'blacklisted' };
  }
  if (order.heightMetres && candidate.fearOfHeights)
    return { code: 'fear_of_heights', heightMetres: order.heightMetres };
  for (const wanted of order.skills.filter((skill) => skill.mandatory)) {
    const held = candidate.skills.find((skill) => skill.skillId === wanted.skillId);
    if (!held) return { code: 'missing_skill', skillId: wanted.skillId };
    if (held.expiresOn && held.expiresOn < order.endsOn) {
      return { code: 'skill_expires', skillId: wanted.skillId, expiresOn: held.expiresOn };
    }
  }
  for (const booking of candidate.confirmedElsewhere) {
    if (!overlaps(booking.dailyStart, booking.dailyEnd, order.dailyStart, order.dailyEnd)) continue;
    // The first of this order's days that the booking works too (not the booking's every day: a
    // booking may run for months, and thousands of candidates have one).
    const date = days.find(
      (each) =>
        booking.startsOn <= each && each <= booking.endsOn && (booking.includeWeekends || !isWeekend(each)),
    );
    if (date) return { code: 'booked', orderId: booking.orderId, date };
  }
  return null;
}

/**
 * Every candidate, ranked: those who may go first, best first; then those a hard rule leaves out.
 * Points: each skill held (a mandatory one counts double), each tool, "disponible", worked on this
 * site before (or for this client), closer to the site, fewer hours this week. Ties by id, so the
 * order is stable.
 */
/** The points of each part of a candidate's score (the matching screen's legend says them). */
export const scorePoints = {
  mandatorySkill: 20,
  skill: 10,
  tool: 5,
  available: 8,
  workedAtSite: 6,
  workedForClient: 3,
  /** At the site; one less each 20 km, none past 120 km. */
  distanceMax: 6,
  /** With no hours this week; one less each 10 hours, none from 40. */
  hoursMax: 4,
} as const;

export function rankCandidates(order: MatchOrder, candidates: readonly MatchCandidate[]): Ranked[] {
  const days = workDays(order);
  const ranked = candidates.map((candidate): Ranked => {
    const reasons: Reason[] = [];
    let score = 0;
    for (const wanted of order.skills) {
      const held = candidate.skills.find((skill) => skill.skillId === wanted.skillId);
      if (held && (!held.expiresOn || held.expiresOn >= order.endsOn)) {
        reasons.push({ code: 'has_skill', skillId: wanted.skillId, expiresOn: held.expiresOn });
        score += wanted.mandatory ? scorePoints.mandatorySkill : scorePoints.skill;
      } else reasons.push({ code: 'lacks_skill', skillId: wanted.skillId });
    }
    for (const toolId of order.toolIds) {
      const has = candidate.toolIds.includes(toolId);
      reasons.push(has ? { code: 'has_tool', toolId } : { code: 'lacks_tool', toolId });
      if (has) score += scorePoints.tool;
    }
    if (candidate.status === 'disponible') {
      reasons.push({ code: 'available' });
      score += scorePoints.available;
    } else reasons.push({ code: 'status', status: candidate.status });
    if (candidate.workedAtSite) {
      reasons.push({ code: 'worked_at_site' });
      score += scorePoints.workedAtSite;
    } else if (candidate.workedForClient) {
      reasons.push({ code: 'worked_for_client' });
      score += scorePoints.workedForClient;
    }
    if (candidate.distanceKm !== null) {
      reasons.push({ code: 'distance', km: Math.round(candidate.distanceKm) });
      // Up to 6 points, none past 120 km.
      score += Math.max(0, scorePoints.distanceMax - candidate.distanceKm / 20);
    }
    reasons.push({ code: 'hours_this_week', minutes: candidate.minutesThisWeek });
    // Up to 4 points, none from 40 hours.
    score += Math.max(0, scorePoints.hoursMax - candidate.minutesThisWeek / 600);
    for (const date of days) {
      const partDay = candidate.away.find(
        (period) => period.fromTime && period.startsOn <= date && date <= period.endsOn,
      );
      if (partDay?.fromTime && partDay.toTime) {
        reasons.push({ code: 'part_day_absence', date, fromTime: partDay.fromTime, toTime: partDay.toTime });
        break;
      }
    }
    return { id: candidate.id, excluded: exclusionOf(order, candidate, days), score, reasons };
  });
  return ranked.sort(
    (a, b) =>
      Number(a.excluded !== null) - Number(b.excluded !== null) ||
      b.score - a.score ||
      // Code-point order (ids are ASCII): a locale's collation is ten times slower over 10,000.
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}
