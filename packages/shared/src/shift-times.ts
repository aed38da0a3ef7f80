import { companyTimeZone } from './dates.ts';

// The times of a worked shift (issue 25): clock times in quarter hours, an end that may fall on the
// next day (a night shift, 22:00–06:00, is one entry), and the minutes really worked, which differ
// from the clock's on the nights the clocks change. Without zod: the screens that only show hours
// read them from here without loading the schemas.

/** Minutes in a calendar day (the clock's: a day the clocks change still runs from 00:00 to 24:00). */
export const dayMinutes = 24 * 60;

/** "HH:mm" → minutes after midnight. */
export function timeToMinutes(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}
/** Minutes after midnight → "HH:mm". */
export function minutesToTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The end of a shift in minutes after the midnight that starts its day: an end time before the
 * start time, or equal to it, is on the next day (22:00–06:00 ends at 30:00; 16:00–00:00 at 24:00).
 * "24:00" is the midnight that ends the day, as the API always took it.
 */
export function shiftEndMinute(startTime: string, endTime: string): number {
  const start = timeToMinutes(startTime);
  const end = timeToMinutes(endTime);
  return end > start ? end : end + dayMinutes;
}

/** Whether a shift ending at `endMinute` (after its day's midnight) ends on the next day. */
/** Every quarter hour of a day, "00:00" to "24:00" (spec §5: hours are picked in 15-minute steps). */
export const quarterHours: readonly string[] = Array.from({ length: 97 }, (_, index) =>
  minutesToTime(index * 15),
);

export const endsNextDay = (endMinute: number) => endMinute >= dayMinutes;

/** The clock time a shift ends at: "06:00" for 22:00–06:00, "00:00" for 16:00–00:00. */
export const clockTime = (minute: number) => minutesToTime(minute % dayMinutes);

/** "22:00–06:00 (+1)": a shift's times as one reads them, the next day marked. */
export function shiftTimes(entry: { startTime: string; endTime: string; endsNextDay?: boolean }): string {
  return `${entry.startTime}–${entry.endTime}${entry.endsNextDay ? ' (+1)' : ''}`;
}

// ---------- Clock changes ----------

let offsetFormat: Intl.DateTimeFormat | undefined;

/** The company's UTC offset, in minutes, at an instant (−240 in summer, −300 in winter). */
function offsetAt(instant: number): number {
  // Made once, on first use: building a formatter (its time zone rules) costs far more than using it.
  offsetFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: companyTimeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const parts: Record<string, number> = {};
  for (const part of offsetFormat.formatToParts(instant)) parts[part.type] = Number(part.value);
  const wall = Date.UTC(
    parts.year as number,
    (parts.month as number) - 1,
    parts.day as number,
    parts.hour as number,
    parts.minute as number,
  );
  return (wall - (instant - (instant % 60_000))) / 60_000;
}

const hourMs = 3_600_000;

/** The clock's time (minutes after the midnight of `date`, past 24:00 for the next day) as if it were UTC. */
const wallClock = (date: string, minute: number) => Date.parse(`${date}T00:00:00Z`) + minute * 60_000;

/**
 * The instant (epoch milliseconds) the company's clock shows `minute` after the midnight of `date`,
 * read as PostgreSQL reads a local time `AT TIME ZONE 'America/Toronto'` (the database computes the
 * worked minutes the same way): a time the clocks show twice (01:00–01:59 on the night they go back)
 * is the second one, after the change; a time they skip (02:00–02:59 on the night they go forward)
 * is read with the offset before the change.
 */
export function companyInstant(date: string, minute: number): number {
  const wall = wallClock(date, minute);
  // The offsets a day before and after: a clock change is months from the next one.
  const before = offsetAt(wall - 24 * hourMs);
  const after = offsetAt(wall + 24 * hourMs);
  if (before === after) return wall - before * 60_000;
  const fits = (offset: number) => offsetAt(wall - offset * 60_000) === offset;
  if (fits(after)) return wall - after * 60_000;
  return wall - before * 60_000;
}

/** Whether the company's clock skips that time (02:00–02:59 on the night the clocks go forward). */
export function skippedTime(date: string, minute: number): boolean {
  const wall = wallClock(date, minute);
  const before = offsetAt(wall - 24 * hourMs);
  const after = offsetAt(wall + 24 * hourMs);
  if (before === after) return false;
  return ![before, after].some((offset) => offsetAt(wall - offset * 60_000) === offset);
}

// Whether the clocks change between the start of `date` and the end of the next day: most days
// they do not, and a shift's minutes are then the clock's. Remembered by day (a write asks it of
// the day it logs, hundreds of times a second); a bounded memory, cleared when full.
const quietDays = new Map<string, boolean>();
function clocksStayOver(date: string): boolean {
  let quiet = quietDays.get(date);
  if (quiet === undefined) {
    // 12 h either side of the two days: any change within them shows as another offset.
    quiet =
      offsetAt(wallClock(date, 0) - 7 * hourMs) === offsetAt(wallClock(date, 2 * dayMinutes) + 7 * hourMs);
    if (quietDays.size >= 1000) quietDays.clear();
    quietDays.set(date, quiet);
  }
  return quiet;
}

/**
 * The minutes worked in a shift of `date` from `startMinute` to `endMinute` (after that day's
 * midnight, past 1440 on the next day), less the unpaid break: the real time elapsed, so a
 * 22:00–06:00 on the night the clocks go back (first Sunday of November) is 9 h, and on the night
 * they go forward (second Sunday of March) 7 h. The database computes the same
 * (`time_entry_minutes`, migration 0013).
 */
export function workedMinutes(shift: {
  workDate: string;
  startMinute: number;
  endMinute: number;
  breakMinutes: number;
}): number {
  const { workDate, startMinute, endMinute, breakMinutes } = shift;
  const elapsed = clocksStayOver(workDate)
    ? endMinute - startMinute
    : Math.round((companyInstant(workDate, endMinute) - companyInstant(workDate, startMinute)) / 60_000);
  return elapsed - breakMinutes;
}
