// The lists the alerts and dashboard screens need, without zod (the web's pages import these, not
// the schemas: see enums.ts).

/**
 * - `order_unfilled`: an order, not cancelled, starting within the window with fewer confirmed
 *   workers than it asks for;
 * - `site_ending`: a live site whose end date falls within the window;
 * - `certificate_expiring`: a worker's certificate (a skill with an expiry date) that expires within
 *   the window and before the last day of an order they are on (pending or confirmed), the order
 *   not cancelled;
 * - `timesheet_line_refused`: a line of a sent timesheet a supervisor refused, not yet corrected
 *   or deleted by the office (whatever the window: the week waits for it).
 */
export const alertKinds = [
  'timesheet_line_refused',
  'order_unfilled',
  'site_ending',
  'certificate_expiring',
] as const;
export type AlertKind = (typeof alertKinds)[number];

/** Spec §9: site alerts look 7 days ahead. */
export const defaultAlertDays = 7;

/**
 * A site's coverage over a week: `full` every order of the week has its workers confirmed,
 * `partial` some confirmed, `none` none, `no_order` no order touches the week.
 */
export const siteCoverages = ['full', 'partial', 'none', 'no_order'] as const;
export type SiteCoverage = (typeof siteCoverages)[number];

/**
 * How far places are filled, the one rule behind every coverage colour (an order's chip, a site on
 * the map, the wall): `full` every place confirmed, `partial` some, `none` none.
 */
export function placesCoverage(confirmed: number, needed: number): Exclude<SiteCoverage, 'no_order'> {
  if (confirmed >= needed) return 'full';
  return confirmed > 0 ? 'partial' : 'none';
}
