import { clockTime, endsNextDay, minutesToTime } from '@brigade/shared';

/** The stored hours of a time entry: minutes since its day's midnight (past 1440 on the next day), worked minutes and parking. */
export interface StoredHours {
  startMinute: number;
  endMinute: number;
  breakMinutes: number;
  minutes: number;
  parkingCents: number;
  comment: string | null;
}

/**
 * What an entry says of the day as the API shows it (the worker's entries and the site's timesheet
 * alike): its start and end as the clock's HH:mm, whether the end is on the next day (a night
 * shift, or an end at midnight: "16:00–00:00"), its break, minutes worked, parking and comment.
 */
export function entryHours(entry: StoredHours) {
  return {
    startTime: minutesToTime(entry.startMinute),
    endTime: clockTime(entry.endMinute),
    endsNextDay: endsNextDay(entry.endMinute),
    breakMinutes: entry.breakMinutes,
    minutes: entry.minutes,
    parkingCents: entry.parkingCents,
    comment: entry.comment,
  };
}
