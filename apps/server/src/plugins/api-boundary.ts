import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { type ApiErrorBody, controlCharacterIssue, ErrorCode, errorStatus } from '@brigade/shared';
import type { FastifyHttpOptions, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

/**
 * The longest address (path and query string) the app answers. Its own are far shorter: ids are
 * UUIDs, a search is at most 200 characters.
 */
export const maxUrlLength = 8 * 1024;

/**
 * How much of a request's head (request line and headers) Node reads before refusing it: above
 * Node's 16 KiB, so that an address a little too long (20,000 characters, 100 KB) reaches the app
 * and gets its 414 URI_TOO_LONG; a head larger still is refused by `clientErrorHandler` below.
 */
const maxHeaderSize = 128 * 1024;

/** Answers of the API are never stored by the browser or a proxy: the login's carries a token. */
const noStore = 'no-store';

function errorBody(code: ErrorCode, message: string): string {
  return JSON.stringify({ code, message } satisfies ApiErrorBody);
}

/**
 * Fastify's own refusals, which it otherwise answers in its own format: a malformed path
 * ("%E0%A4%A", 400) and a path parameter over `maxParamLength` (414).
 */
const frameworkErrors: FastifyHttpOptions<Server>['frameworkErrors'] = (error, _request, reply) => {
  const code = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? ErrorCode.URI_TOO_LONG : ErrorCode.BAD_REQUEST;
  (reply as FastifyReply)
    .status(errorStatus[code])
    .header('cache-control', noStore)
    .send({ code, message: code === ErrorCode.URI_TOO_LONG ? 'Address too long' : 'Malformed address' });
};

/**
 * Requests Node's HTTP parser refuses before the app sees them (a head over `maxHeaderSize`, a
 * malformed request, a timeout): answered on the socket in the app's format, as Fastify would in
 * its own.
 */
function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ErrorCode.HEADERS_TOO_LARGE
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ErrorCode.REQUEST_TIMEOUT
        : ErrorCode.BAD_REQUEST;
  const status = errorStatus[code];
  const body = errorBody(
    code,
    code === ErrorCode.HEADERS_TOO_LARGE ? 'Request headers too large' : 'Bad request',
  );
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    socket.write(
      [
        `HTTP/1.1 ${status} ${code}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `Cache-Control: ${noStore}`,
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy();
}

/** A UTF-16 surrogate without its pair: text no keyboard types, which no database stores. */
const loneSurrogate = /[\uD800-\uDFFF]/u;
/** Deep enough for any form's body; a deeper one is refused by its schema anyway. */
const maxDepth = 64;

/** The path of the first text holding a lone surrogate (key or value), or undefined. */
function malformedTextIn(value: unknown, path: string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string') return loneSurrogate.test(value) ? path : undefined;
  if (typeof value !== 'object' || value === null || depth > maxDepth) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (loneSurrogate.test(key)) return [...path, key];
    const found = malformedTextIn(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The options of the Fastify factory (app.ts) that bound what a request may be, and how it is refused. */
export const requestLimitOptions = {
  // Fastify's default (100) sent a longer id to the web app's catch-all route (a 403 from the file
  // server): any id up to the address limit reaches its route, whose schema refuses it (400).
  routerOptions: { maxParamLength: maxUrlLength },
  http: { maxHeaderSize },
  frameworkErrors,
  clientErrorHandler,
} satisfies Partial<FastifyHttpOptions<Server>>;

/**
 * What every request meets first: an address over `maxUrlLength` is refused (414 URI_TOO_LONG).
 * Every answer of the API, errors and 401s included, is `Cache-Control: no-store`
 * (response-headers.ts); the web app's files keep the caching the web plugin gives them.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, _reply, done) => {
      if ((request.raw.url ?? '').length > maxUrlLength)
        done(new AppError('URI_TOO_LONG', 'Address too long'));
      else done();
    });
    // Before any schema: a text that is not well-formed Unicode is refused where it is, whatever
    // the route's schema says of that field (PostgreSQL refuses it in text and jsonb, so the audit
    // row of a note holding one made the write answer 500).
    app.addHook('preValidation', (request, _reply, done) => {
      const found = malformedTextIn(request.body) ?? malformedTextIn(request.query);
      if (!found) return done();
      done(
        new AppError('VALIDATION_FAILED', 'Invalid request', {
          fields: [{ path: found.join('.'), message: controlCharacterIssue, code: 'custom' }],
        }),
      );
    });
  },
  { name: 'api-boundary' },
);
