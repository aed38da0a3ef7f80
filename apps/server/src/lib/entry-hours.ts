import { minutesToTime } from '@brigade/shared';

/** The stored hours of a time entry: minutes since midnight, worked minutes and parking. */
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
 * alike): its start and end as HH:mm, its break, minutes worked, parking and comment.
 */
export function entryHours(entry: StoredHours) {
  return {
    startTime: minutesToTime(entry.startMinute),
    endTime: minutesToTime(entry.endMinute),
    breakMinutes: entry.breakMinutes,
    minutes: entry.minutes,
    parkingCents: entry.parkingCents,
    comment: entry.comment,
  };
}
