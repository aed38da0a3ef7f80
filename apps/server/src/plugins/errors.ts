import { type ApiErrorBody, ErrorCode } from '@brigade/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, isDatabaseUnavailable, isUniqueViolation } from '../lib/errors.ts';

/** The limit a too_big / too_small issue broke: `{ maximum: 200, origin: 'string' }`. */
function limitOf(params: Record<string, unknown> | undefined) {
  const { maximum, minimum, origin } = params ?? {};
  return {
    ...(typeof maximum === 'number' ? { maximum } : {}),
    ...(typeof minimum === 'number' ? { minimum } : {}),
    ...(typeof origin === 'string' && (maximum !== undefined || minimum !== undefined) ? { origin } : {}),
  };
}

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params?: Record<string, unknown>;
}
type ZodIssue = { code: string; path: PropertyKey[]; message: string } & Record<string, unknown>;

/**
 * A value that matched none of a union's shapes (`messages`: ids, or a message to compose) is one
 * `invalid_union` issue, which names no field. The shape it was meant to be is the one whose
 * issues lie deeper than its own type: those issues are reported instead, under the union's path.
 */
function expandUnion(issue: ValidationIssue): ValidationIssue[] {
  const branches = issue.params?.errors as ZodIssue[][] | undefined;
  if (issue.keyword !== 'invalid_union' || !Array.isArray(branches)) return [issue];
  const meant = branches
    .filter((branch) => branch.length > 0 && branch.every((inner) => inner.path.length > 0))
    .sort((a, b) => a.length - b.length)[0];
  if (!meant) return [issue];
  return meant.map((inner) => {
    const { code, path, message, ...params } = inner;
    return {
      keyword: code,
      instancePath: `${issue.instancePath.replace(/\/$/, '')}/${path.join('/')}`,
      message,
      params,
    };
  });
}

/** One handler for every error: a stable `{ code, message, details? }`, never a stack trace. */
export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        const body: ApiErrorBody = { code: error.code, message: error.message };
        if (error.details) body.details = error.details;
        return reply.status(error.status).send(body);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields = error.validation.flatMap(expandUnion).map((issue) => ({
          path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: issue.message ?? 'invalid',
          // zod's issue code (too_big, invalid_type…), and for a limit, which one: the web says it.
          code: issue.keyword,
          ...limitOf(issue.params),
        }));
        return reply
          .status(400)
          .send({ code: ErrorCode.VALIDATION_FAILED, message: 'Invalid request', details: { fields } });
      }
      if (isUniqueViolation(error)) {
        return reply.status(409).send({ code: ErrorCode.CONFLICT, message: 'Already exists' });
      }
      if (isDatabaseUnavailable(error)) {
        // PostgreSQL restarting or failing over, the network to it stalled: not a bug, and the
        // next request opens a fresh connection.
        request.log.warn({ err: error }, 'database unavailable');
        return reply
          .status(503)
          .header('retry-after', '1')
          .send({ code: ErrorCode.DATABASE_UNAVAILABLE, message: 'The database is unavailable, try again' });
      }
      if (error.statusCode === 429) {
        return reply
          .status(429)
          .send({ code: ErrorCode.TOO_MANY_REQUESTS, message: 'Too many requests, try again later' });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'response did not match its schema');
      } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        // Malformed JSON, wrong content type, body too large…
        const code = error.statusCode === 404 ? ErrorCode.NOT_FOUND : ErrorCode.BAD_REQUEST;
        return reply.status(error.statusCode).send({ code, message: error.message });
      } else {
        request.log.error({ err: error }, 'unexpected error');
      }
      return reply.status(500).send({ code: ErrorCode.INTERNAL, message: 'Internal server error' });
    });
  },
  { name: 'errors' },
);
