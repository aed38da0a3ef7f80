/** The company works in Québec/Ontario time; calendar dates are computed in this zone. */
export const companyTimeZone = 'America/Toronto';

/** Spec §9: far-future placeholder used for open-ended ranges. */
export const farFutureDate = '2100-01-01';

/**
 * The calendar days the API takes: a week, a month or a range computed from a day past these still
 * lies within what PostgreSQL and the date library can write (a week from 9999-12-26 ends in
 * year 10000, which answered 500). Nothing the agency records lies outside them.
 */
export const earliestApiDate = '1900-01-01';
export const latestApiDate = '2999-12-31';

/** Accepts the spec's dd/MM/yyyy as well as ISO yyyy-MM-dd; returns ISO or null. */
export function parseApiDate(value: string): string | null {
  const dmy = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  const iso = dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : value;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  if (iso < earliestApiDate || iso > latestApiDate) return null;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}
