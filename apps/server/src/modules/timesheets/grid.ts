import {
  allocateOvertime,
  payWeekDays,
  type ReceiptPhoto,
  type TimesheetEntry,
  type TimesheetLine,
} from '@brigade/shared';
import { entryHours, type StoredHours } from '../../lib/entry-hours.ts';

/** One time entry of the site's week, as read for the grid. */
export interface GridEntry extends StoredHours {
  id: string;
  employeeId: string;
  firstName: string;
  lastName: string;
  number: string | null;
  workDate: string;
  photos: ReceiptPhoto[];
  rejectedAt: Date | null;
  rejectedByName: string | null;
  rejectionReason: string | null;
  /** Written or changed since the supervisors last saw the week (a reopened week's only). */
  changed: boolean;
  /** The worker had no confirmed assignation on the site that week. */
  withoutAssignation: boolean;
}

/**
 * An accepted entry of a worker of the sheet, in the same week on another site: which of their
 * hours here are overtime depends on it (the overtime is the worker's whole week's).
 */
export interface ElsewhereEntry {
  employeeId: string;
  siteId: string;
  workDate: string;
  startMinute: number;
  minutes: number;
}

export interface Grid {
  days: string[];
  lines: TimesheetLine[];
  dayMinutes: number[];
  totals: { minutes: number; regular: number; overtime: number; parkingCents: number };
}

/**
 * Workers × days: each worker's line with their entries by day, their regular and overtime hours
 * (the company's rule applied to the worker's whole week, every site added up, each day's overtime
 * falling on the day's last hours: `allocateOvertime`, as the reports and the payroll count it; the
 * line shows this site's share, `week.elsewhere` being the worker's accepted entries of the week on
 * their other sites), and the totals by day and for the week. Workers in name order. A refused
 * line is shown with its hours but counts in no total until the office settles it: what is
 * approved, printed and paid is the accepted hours (issue 26, point 1).
 */
export function buildGrid(
  weekStart: string,
  entries: readonly GridEntry[],
  week: { siteId: string; elsewhere: readonly ElsewhereEntry[] } = { siteId: '', elsewhere: [] },
): Grid {
  const days = payWeekDays(weekStart);
  const byWorker = new Map<string, GridEntry[]>();
  for (const entry of entries) {
    const list = byWorker.get(entry.employeeId) ?? [];
    list.push(entry);
    byWorker.set(entry.employeeId, list);
  }
  const elsewhereOf = new Map<string, ElsewhereEntry[]>();
  for (const entry of week.elsewhere) {
    const list = elsewhereOf.get(entry.employeeId) ?? [];
    list.push(entry);
    elsewhereOf.set(entry.employeeId, list);
  }
  const lines = [...byWorker.values()].map((own): TimesheetLine => {
    const first = own[0] as GridEntry;
    const lineDays = days.map((date) => {
      const dayEntries = own
        .filter((entry) => entry.workDate === date)
        .sort((a, b) => a.startMinute - b.startMinute)
        .map(toEntry);
      const accepted = dayEntries.filter((e) => !e.rejection);
      return { date, minutes: accepted.reduce((sum, e) => sum + e.minutes, 0), entries: dayEntries };
    });
    // The worker's whole week, this site's accepted entries first: their shares are this line's.
    const here = own.filter((entry) => !entry.rejectedAt);
    const regular = allocateOvertime([
      ...here.map((entry) => ({ ...entry, siteId: week.siteId })),
      ...(elsewhereOf.get(first.employeeId) ?? []),
    ])
      .slice(0, here.length)
      .reduce((sum, minutes) => sum + minutes, 0);
    const accepted = here.reduce((sum, entry) => sum + entry.minutes, 0);
    return {
      employee: {
        id: first.employeeId,
        firstName: first.firstName,
        lastName: first.lastName,
        number: first.number,
      },
      days: lineDays,
      minutes: lineDays.reduce((sum, day) => sum + day.minutes, 0),
      regular,
      overtime: accepted - regular,
      parkingCents: own.reduce((sum, entry) => sum + (entry.rejectedAt ? 0 : entry.parkingCents), 0),
      withoutAssignation: first.withoutAssignation,
    };
  });
  lines.sort(
    (a, b) =>
      a.employee.lastName.localeCompare(b.employee.lastName, 'fr') ||
      a.employee.firstName.localeCompare(b.employee.firstName, 'fr'),
  );
  const dayMinutes = days.map((_, index) =>
    lines.reduce((sum, line) => sum + (line.days[index]?.minutes ?? 0), 0),
  );
  return {
    days,
    lines,
    dayMinutes,
    totals: {
      minutes: lines.reduce((sum, line) => sum + line.minutes, 0),
      regular: lines.reduce((sum, line) => sum + line.regular, 0),
      overtime: lines.reduce((sum, line) => sum + line.overtime, 0),
      parkingCents: lines.reduce((sum, line) => sum + line.parkingCents, 0),
    },
  };
}

function toEntry(entry: GridEntry): TimesheetEntry {
  return {
    id: entry.id,
    ...entryHours(entry),
    photos: entry.photos,
    rejection:
      entry.rejectedAt && entry.rejectionReason
        ? { reason: entry.rejectionReason, at: entry.rejectedAt.toISOString(), by: entry.rejectedByName }
        : null,
    changed: entry.changed,
  };
}
