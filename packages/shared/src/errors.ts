/**
 * Every error the API can answer, as a stable code. The server sends `{ code, message, details? }`;
 * the client maps `code` (or, failing that, the HTTP status) to a translated message.
 * Keys of `errors.*` in apps/web/public/assets/i18n/{fr,en}.json mirror these codes.
 */
export const ErrorCode = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHORIZED: 'UNAUTHORIZED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  ACCOUNT_INACTIVE: 'ACCOUNT_INACTIVE',
  TOKEN_INVALID: 'TOKEN_INVALID',
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  NAME_NOT_UNIQUE: 'NAME_NOT_UNIQUE',
  CONFLICT: 'CONFLICT',
  /** The mobile is already an active person's (an employee, a supervisor, an applicant not hired): details.field. */
  PHONE_NOT_UNIQUE: 'PHONE_NOT_UNIQUE',
  /** The code typed to confirm a new mobile is not the one sent (details.attemptsLeft). */
  PHONE_CODE_WRONG: 'PHONE_CODE_WRONG',
  /** No new mobile waits for a code: never asked, expired (15 minutes) or already applied. */
  PHONE_CODE_EXPIRED: 'PHONE_CODE_EXPIRED',
  /** Too many wrong codes: the new mobile is dropped; save it again for a new code. */
  PHONE_CODE_TOO_MANY_ATTEMPTS: 'PHONE_CODE_TOO_MANY_ATTEMPTS',
  /** A site cannot be added to (or changed for) an archived client. */
  CLIENT_ARCHIVED: 'CLIENT_ARCHIVED',
  EMAIL_CANT_SEND_NOT_SUPERVISOR: 'EMAIL_CANT_SEND_NOT_SUPERVISOR',
  /** A message already queued or sent can no longer be edited, deleted or sent again. */
  MESSAGE_NOT_PENDING: 'MESSAGE_NOT_PENDING',
  /** Some recipients speak a language the composed message has no text for. */
  MESSAGE_TEXT_MISSING: 'MESSAGE_TEXT_MISSING',
  /** The recipients chosen (a filter, a list) are nobody. */
  NO_RECIPIENTS: 'NO_RECIPIENTS',
  /** The person has no mobile number to text. */
  RECIPIENT_NO_MOBILE: 'RECIPIENT_NO_MOBILE',
  /** The number answered STOP: nothing is sent to it until it answers START. */
  RECIPIENT_OPTED_OUT: 'RECIPIENT_OPTED_OUT',
  /** The person is archived. */
  RECIPIENT_ARCHIVED: 'RECIPIENT_ARCHIVED',
  /** The employee is already away on one of these days (details.absence names the absence in the way). */
  ABSENCE_OVERLAP: 'ABSENCE_OVERLAP',
  /** An archived employee gets no new absence (nor a change of one). */
  EMPLOYEE_ARCHIVED: 'EMPLOYEE_ARCHIVED',
  /** A cancelled order is kept as it was: no change, no second cancellation. */
  ORDER_CANCELLED: 'ORDER_CANCELLED',
  /** The applicant is already an employee: hired once, not deleted. */
  APPLICANT_HIRED: 'APPLICANT_HIRED',
  /** A hard rule leaves this worker out of the order (details: employeeId, exclusion); an override needs a written reason. */
  ASSIGNATION_EXCLUDED: 'ASSIGNATION_EXCLUDED',
  /** The order has as many workers asked (pending or confirmed) as it needs. */
  ORDER_FULL: 'ORDER_FULL',
  /** The order's last day is past: nobody is asked for it any more. */
  ORDER_ENDED: 'ORDER_ENDED',
  /** The assignation was already answered, cancelled or replaced (details.status). */
  ASSIGNATION_CLOSED: 'ASSIGNATION_CLOSED',
  /** The reply is not (or no longer) one left for the office to handle (details.replyStatus). */
  REPLY_NOT_TO_HANDLE: 'REPLY_NOT_TO_HANDLE',
  /** The reply came from someone else than the worker of the assignation answered from it. */
  REPLY_OTHER_WORKER: 'REPLY_OTHER_WORKER',
  /** The CV is not a PDF or an image (its content says so, whatever its name). */
  CV_NOT_ACCEPTED: 'CV_NOT_ACCEPTED',
  /** A receipt photo that is no image we can read, over 15 MB, or one too many (6 per entry): details.reason. */
  PHOTO_NOT_ACCEPTED: 'PHOTO_NOT_ACCEPTED',
  /** The CV is over 5 MB. */
  CV_TOO_LARGE: 'CV_TOO_LARGE',
  /** An uploaded image (CV or receipt) over 40 megapixels, refused from its header before it is decoded. */
  IMAGE_TOO_LARGE: 'IMAGE_TOO_LARGE',
  /** The worker already has hours logged at that time that day (details.entry names them). */
  TIME_ENTRY_OVERLAP: 'TIME_ENTRY_OVERLAP',
  /** The worker is away that day (details.absence): no hours on a day away (spec §5). */
  EMPLOYEE_ABSENT: 'EMPLOYEE_ABSENT',
  /** Hours on this site are not for this person (details.reason: inactive, blacklisted, not_supervised). */
  SITE_NOT_ALLOWED: 'SITE_NOT_ALLOWED',
  /** The site's week is approved: only an admin's change reopens it. */
  TIMESHEET_APPROVED: 'TIMESHEET_APPROVED',
  /** A worker's hours before last pay week (details.oldestOpen): the office enters them. */
  PAY_WEEK_CLOSED: 'PAY_WEEK_CLOSED',
  /** A line of the week is refused and not yet settled by the office (details.lines names them). */
  TIMESHEET_HAS_REFUSED_LINES: 'TIMESHEET_HAS_REFUSED_LINES',
  /** Only a sent or reopened timesheet is approved, or has a line refused (details.status). */
  TIMESHEET_NOT_SENT: 'TIMESHEET_NOT_SENT',
  /** The week is not over yet (details.weekEnd, its Saturday): its timesheet is sent once it is. */
  TIMESHEET_WEEK_NOT_ENDED: 'TIMESHEET_WEEK_NOT_ENDED',
  /** No report of that type (GET /reports lists them). */
  REPORT_NOT_FOUND: 'REPORT_NOT_FOUND',
  /** The report is not made in that format (details.formats: those it is made in). */
  REPORT_FORMAT_NOT_OFFERED: 'REPORT_FORMAT_NOT_OFFERED',
  /** A report's filter names no client, site, supervisor or employee (details.filter). */
  REPORT_FILTER_NOT_FOUND: 'REPORT_FILTER_NOT_FOUND',
  /** Weeks of the payroll export were exported before (details.weeks): again only with confirm=true. */
  PAYROLL_ALREADY_EXPORTED: 'PAYROLL_ALREADY_EXPORTED',
  /** The person was anonymised (Law 25): nothing of theirs is left to export. */
  PERSON_ANONYMIZED: 'PERSON_ANONYMIZED',
  /** The person was anonymised already (details.anonymizedAt): it cannot be done twice. */
  ALREADY_ANONYMIZED: 'ALREADY_ANONYMIZED',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  /** The address (path and query string) is longer than any the app makes, or an id in it is. */
  URI_TOO_LONG: 'URI_TOO_LONG',
  /** The request's headers (its address included) are over the server's limit. */
  HEADERS_TOO_LARGE: 'HEADERS_TOO_LARGE',
  /** The request did not arrive in full in time. */
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  /** The database is out of reach for now (restarting, failing over, the network to it stalled): try again. */
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** HTTP status the server answers for each code (spec §8 catalogue). */
export const errorStatus: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_INACTIVE: 401,
  TOKEN_INVALID: 401,
  WRONG_PASSWORD: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  NAME_NOT_UNIQUE: 409,
  CONFLICT: 409,
  PHONE_NOT_UNIQUE: 409,
  PHONE_CODE_WRONG: 400,
  PHONE_CODE_EXPIRED: 409,
  PHONE_CODE_TOO_MANY_ATTEMPTS: 429,
  CLIENT_ARCHIVED: 409,
  EMAIL_CANT_SEND_NOT_SUPERVISOR: 400,
  MESSAGE_NOT_PENDING: 409,
  MESSAGE_TEXT_MISSING: 400,
  NO_RECIPIENTS: 400,
  RECIPIENT_NO_MOBILE: 409,
  RECIPIENT_OPTED_OUT: 409,
  RECIPIENT_ARCHIVED: 409,
  ABSENCE_OVERLAP: 409,
  EMPLOYEE_ARCHIVED: 409,
  ORDER_CANCELLED: 409,
  APPLICANT_HIRED: 409,
  ASSIGNATION_EXCLUDED: 409,
  ORDER_FULL: 409,
  ORDER_ENDED: 409,
  ASSIGNATION_CLOSED: 409,
  REPLY_NOT_TO_HANDLE: 409,
  REPLY_OTHER_WORKER: 409,
  CV_NOT_ACCEPTED: 400,
  PHOTO_NOT_ACCEPTED: 400,
  CV_TOO_LARGE: 400,
  IMAGE_TOO_LARGE: 400,
  TIME_ENTRY_OVERLAP: 409,
  EMPLOYEE_ABSENT: 409,
  SITE_NOT_ALLOWED: 409,
  TIMESHEET_APPROVED: 409,
  PAY_WEEK_CLOSED: 409,
  TIMESHEET_HAS_REFUSED_LINES: 409,
  TIMESHEET_NOT_SENT: 409,
  TIMESHEET_WEEK_NOT_ENDED: 409,
  REPORT_NOT_FOUND: 404,
  REPORT_FORMAT_NOT_OFFERED: 400,
  REPORT_FILTER_NOT_FOUND: 404,
  PAYROLL_ALREADY_EXPORTED: 409,
  PERSON_ANONYMIZED: 409,
  ALREADY_ANONYMIZED: 409,
  TOO_MANY_REQUESTS: 429,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  DATABASE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

export interface ValidationFieldError {
  path: string;
  message: string;
  code?: string;
  maximum?: number;
  minimum?: number;
  origin?: string;
}

export interface ApiErrorBody {
  code: ErrorCode | string;
  message: string;
  /**
   * For VALIDATION_FAILED: one entry per failing field (path joined with '.'), with zod's issue
   * code, and the limit a too_big / too_small broke (`maximum: 200, origin: 'string'`).
   */
  details?: { fields?: ValidationFieldError[]; [key: string]: unknown };
}
