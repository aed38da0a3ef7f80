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

/** What each error status means, for the API documentation. */
const errorDescriptions = {
  400: 'Invalid request: VALIDATION_FAILED (details.fields names each field and why), BAD_REQUEST',
  401: 'Not signed in, or the session has ended: UNAUTHORIZED',
  403: 'Signed in, but this role may not do this: FORBIDDEN',
  404: 'No such record: NOT_FOUND',
  409: 'In conflict with what exists: NAME_NOT_UNIQUE (details.field), CONFLICT (details.reason), CLIENT_ARCHIVED',
  429: 'Too many attempts from this address, for this account, or uploads by this person: TOO_MANY_REQUESTS',
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
