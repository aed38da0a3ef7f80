import { type ErrorCode, errorStatus } from '@brigade/shared';

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
