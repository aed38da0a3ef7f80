import { apiErrorSchema, type ErrorCode, errorStatus } from '@brigade/shared';

/** An expected failure with a stable code; the error handler turns it into `{ code, message, details }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: Record<string, unknown>;

  constructor(code: ErrorCode, message?: string, details?: Record<string, unknown>) {
    super(message ?? code);
    this.code = code;
    this.status = errorStatus[code];
    this.details = details;
  }
}

/** 400 VALIDATION_FAILED naming one field and why (a rule the schema could not check: not_found…). */
export function fieldError(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', 'Invalid request', {
    fields: [{ path, message, code: 'custom' }],
  });
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
/** 409 PERSON_ANONYMIZED: the person was anonymised (Law 25), nothing of theirs changes or leaves any more. */
export const personAnonymized = (at: Date) =>
  new AppError('PERSON_ANONYMIZED', 'This person was anonymised', { anonymizedAt: at.toISOString() });
/** Refuses a change to a person once anonymised. */
export function refuseIfAnonymized(person: { anonymizedAt: Date | null }): void {
  if (person.anonymizedAt) throw personAnonymized(person.anonymizedAt);
}
export const forbidden = () => new AppError('FORBIDDEN', 'You may not do this');
export const unauthorized = (message = 'Authentication required') => new AppError('UNAUTHORIZED', message);

/** PostgreSQL unique_violation, whichever driver raised it. */
/** The name of the unique index a unique_violation broke (to tell which field clashed). */
export function violatedConstraint(error: unknown): string | undefined {
  const e = error as { constraint?: string; cause?: { constraint?: string } } | null;
  return e?.constraint ?? e?.cause?.constraint;
}

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** PostgreSQL exclusion_violation (an EXCLUDE constraint: overlapping ranges), whichever driver raised it. */
export function isExclusionViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23P01' || e?.cause?.code === '23P01';
}

/** PostgreSQL deadlock_detected: this transaction was chosen to end so that another could go on. */
export function isDeadlock(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '40P01' || e?.cause?.code === '40P01';
}

/** SQLSTATEs of a connection lost or refused, or of a statement the server stopped for its timeout. */
const unavailableSqlStates = new Set([
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
  '57P01', // admin_shutdown: the backend was terminated (restart, fail-over, pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  '57014', // query_canceled: statement_timeout
  '25P03', // idle_in_transaction_session_timeout
]);
const unavailableNetworkCodes = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** What node-postgres says when a connection dies, times out or was already dead. */
const unavailableMessages = [
  /^Connection terminated/,
  /^Query read timeout$/,
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/,
];

/**
 * The database is out of reach (its connection lost, refused or timed out), not a bug: the request
 * answers 503 DATABASE_UNAVAILABLE and may be tried again. Drizzle wraps the driver's error as
 * `cause`, so the whole chain is looked at.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (unavailableSqlStates.has(code) || unavailableNetworkCodes.has(code))) {
      return true;
    }
    if (typeof message === 'string' && unavailableMessages.some((pattern) => pattern.test(message)))
      return true;
    e = cause;
  }
  return false;
}

/** What each error status means, for the API documentation. */
const errorDescriptions = {
  400: 'Invalid request: VALIDATION_FAILED (details.fields names each field and why), BAD_REQUEST, PHONE_CODE_WRONG (details.attemptsLeft)',
  401: 'Not signed in, or the session has ended: UNAUTHORIZED',
  403: 'Signed in, but this role may not do this: FORBIDDEN',
  404: 'No such record: NOT_FOUND',
  409: 'In conflict with what exists: NAME_NOT_UNIQUE and PHONE_NOT_UNIQUE (details.field), CONFLICT (details.reason), CLIENT_ARCHIVED, PHONE_CODE_EXPIRED',
  429: 'Too many attempts from this address, for this account, or uploads by this person: TOO_MANY_REQUESTS; too many wrong codes for a new mobile: PHONE_CODE_TOO_MANY_ATTEMPTS',
} as const;
export type DocumentedErrorStatus = keyof typeof errorDescriptions;

/**
 * The error answers of a route for its OpenAPI documentation, all with the one error body
 * (`{ code, message, details? }`): `response: { 200: …, ...errorResponses(400, 401, 403) }`.
 * The body is also checked against it when sent, like any documented answer.
 */
export function errorResponses<const Status extends DocumentedErrorStatus>(
  ...statuses: Status[]
): Record<Status, typeof apiErrorSchema> {
  return Object.fromEntries(
    statuses.map((status) => [status, apiErrorSchema.describe(errorDescriptions[status])]),
  ) as Record<Status, typeof apiErrorSchema>;
}
