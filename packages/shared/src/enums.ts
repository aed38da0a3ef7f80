/**
 * The fixed lists and small pure helpers the screens need without the schemas: importing them from
 * here keeps zod out of the list pages' JavaScript (each schema module re-exports its own).
 */

/** Spec §3: the thirteen provinces and territories. */
export const provinces = [
  'NL',
  'PE',
  'NS',
  'NB',
  'QC',
  'ON',
  'MB',
  'SK',
  'AB',
  'BC',
  'YT',
  'NT',
  'NU',
] as const;
export type Province = (typeof provinces)[number];

export const employeeStatuses = ['disponible', 'assigne', 'indisponible', 'en_conge', 'termine'] as const;
export type EmployeeStatus = (typeof employeeStatuses)[number];

export const siteTypes = ['aucun', 'contract', 'gestion'] as const;
export type SiteType = (typeof siteTypes)[number];

/**
 * Derived, never stored: inactive when archived, ended (before today in Toronto) or of an archived
 * client; upcoming before its start.
 */
export const siteStatuses = ['active', 'inactive', 'upcoming'] as const;
export type SiteStatus = (typeof siteStatuses)[number];

/** The page sizes a list offers. */
export const pageSizes = [25, 50, 100] as const;

/** Urgency of a certificate's expiry, for badges: expired red, ≤30 days orange, ≤90 yellow. */
export type ExpiryUrgency = 'expired' | 'soon' | 'upcoming' | 'ok' | 'none';
export function expiryUrgency(daysLeft: number | null | undefined): ExpiryUrgency {
  if (daysLeft === null || daysLeft === undefined) return 'none';
  if (daysLeft < 0) return 'expired';
  if (daysLeft <= 30) return 'soon';
  if (daysLeft <= 90) return 'upcoming';
  return 'ok';
}

/** Spec §3: the kinds of SMS, each with its own conversations. */
export const messageTypes = ['General', 'Assignation', 'SitesAlerts', 'HourAlerts', 'Applicants'] as const;
export type MessageType = (typeof messageTypes)[number];
/** The types the Communications menu shows, each with its unread badge (spec §2, §9). */
export const inboxTypes = ['General', 'Assignation', 'Applicants'] as const satisfies readonly MessageType[];
export type InboxType = (typeof inboxTypes)[number];

export const messageDirections = ['out', 'in'] as const;
export type MessageDirection = (typeof messageDirections)[number];
/**
 * Outbound: pending (a draft to review) → queued → sent → delivered | failed. Inbound: received.
 */
export const messageStatuses = ['pending', 'queued', 'sent', 'delivered', 'failed', 'received'] as const;
export type MessageStatus = (typeof messageStatuses)[number];
/**
 * What became of a worker's reply in an Assignation thread: read and applied by itself (confirmed,
 * declined), or left for the office (to_handle) until someone confirms or declines from it
 * (confirmed, declined, with who) or says there is nothing to do (dismissed).
 */
export const replyStatuses = ['to_handle', 'confirmed', 'declined', 'dismissed'] as const;
export type ReplyStatus = (typeof replyStatuses)[number];

/**
 * Kinds of absence (spec §3). All but `blacklist` are days away; a blacklist says the employee must
 * never be sent to one client (or one of its sites) again, whatever the day.
 */
export const absenceTypes = [
  'sick',
  'vacation',
  'personal',
  'work_accident',
  'training',
  'preventive_withdrawal',
  'other',
  'blacklist',
] as const;
export type AbsenceType = (typeof absenceTypes)[number];
/** The types that are days away (everything but a blacklist). */
export const awayTypes = absenceTypes.filter((type) => type !== 'blacklist') as Exclude<
  AbsenceType,
  'blacklist'
>[];

/**
 * Day-away types that are health information (Law 25): a sickness, a work accident (CNESST), a
 * preventive withdrawal (which tells a pregnancy). Their type and reason are the office's to read
 * on the absence itself; every list, calendar, count and matching reason says only `absent`.
 */
export const healthAbsenceTypes = [
  'sick',
  'work_accident',
  'preventive_withdrawal',
] as const satisfies readonly AbsenceType[];
/** An absence type as lists show it: a health-related one is only `absent`. */
export const shownAbsenceTypes = [...absenceTypes, 'absent'] as const;
export type ShownAbsenceType = (typeof shownAbsenceTypes)[number];
export function isHealthAbsence(type: string): boolean {
  return (healthAbsenceTypes as readonly string[]).includes(type);
}
export function shownAbsenceType(type: AbsenceType): ShownAbsenceType {
  return isHealthAbsence(type) ? 'absent' : type;
}

/** Holiday calendars: Québec's labour standards, and the construction industry's (CCQ). */
export const holidayCalendars = ['quebec', 'construction'] as const;
export type HolidayCalendar = (typeof holidayCalendars)[number];

/** An applicant's way through recruiting: new → contacted → interview → hired | refused | withdrawn. */
export const applicantStatuses = ['new', 'contacted', 'interview', 'hired', 'refused', 'withdrawn'] as const;
export type ApplicantStatus = (typeof applicantStatuses)[number];
export const applicantSources = [
  'referral',
  'job_board',
  'walk_in',
  'social_media',
  'website',
  'other',
] as const;
export type ApplicantSource = (typeof applicantSources)[number];
/** CCQ competency card level. */
export const ccqCardLevels = ['apprentice', 'journeyman'] as const;
export type CcqCardLevel = (typeof ccqCardLevels)[number];

/** Spec §3: priority labels — 1 Haute, 2 Moyenne, 3 Basse. */
export const orderPriorities = [1, 2, 3] as const;
export type OrderPriority = (typeof orderPriorities)[number];

/**
 * An order's status, derived (never stored) from its dates, its assignations and whether it was
 * cancelled: open → partly filled → filled (confirmed = asked) → in progress → done; or cancelled.
 */
export const orderStatuses = ['open', 'partial', 'filled', 'in_progress', 'done', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** An assignation: pending (asked) → confirmed | declined | cancelled; replaced keeps the history. */
export const assignationStatuses = ['pending', 'confirmed', 'declined', 'cancelled', 'replaced'] as const;

/** Who answered an assignation: the worker by SMS or from the app, or the office for them. */
export const assignationAnswerers = ['sms', 'app', 'office'] as const;
export type AssignationStatus = (typeof assignationStatuses)[number];
/** The assignations that hold a place on their order. */
export const openAssignationStatuses = [
  'pending',
  'confirmed',
] as const satisfies readonly AssignationStatus[];

/** A site's week of hours: being gathered, sent to its supervisor, approved (spec §4). */
/**
 * `reopened`: approved once or sent, then changed by the office (an approved week's hours, or the
 * lines a supervisor refused, corrected or deleted): to approve again.
 */
export const timesheetStatuses = ['draft', 'sent', 'reopened', 'approved'] as const;
export type TimesheetStatus = (typeof timesheetStatuses)[number];
/** What a timesheet's history records. */
export const timesheetEventKinds = [
  'created',
  'sent',
  'approved',
  'line_rejected',
  /** A refused line corrected or deleted (detail: change, entryId, employeeId, workDate). */
  'line_settled',
  'reopened',
  // Issue 26, point 4: the one reminder to the supervisors, then the office's alert.
  'reminded',
  'office_alerted',
] as const;
export type TimesheetEventKind = (typeof timesheetEventKinds)[number];
