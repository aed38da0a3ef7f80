import pino, { type DestinationStream } from 'pino';

/**
 * Secrets in URLs are masked in logs: the tokens of reset and magic links, in their path segment
 * or as a `?token=` (or `…_token=`) query parameter, and search terms.
 */
const secretPathPattern = /\/(change-password|magic-link-login)\/[^/?#]+/g;
const secretQueryPattern = /([?&][\w.-]*token=)[^&#]*/gi;
/**
 * What people type into a search (`q`: a name, a phone number, an e-mail) is personal information
 * (Law 25): the log keeps that a search was made, not what it was. The same for any parameter that
 * could carry one.
 */
const personalQueryPattern = /([?&](?:q|search|name|phone|email)=)[^&#]*/gi;
export function maskUrl(url: string): string {
  return url
    .replace(secretPathPattern, '/$1/***')
    .replace(secretQueryPattern, '$1***')
    .replace(personalQueryPattern, '$1***');
}

/** Passwords, tokens and credentials never reach the logs. */
export const redactedLogPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  'newPassword',
  'currentPassword',
  'token',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.passwordHash',
];

type ErrorWithFields = Error & Record<string, unknown>;

/** Drizzle's error for a failed query: its message and `params` hold every value the query carried. */
function isQueryError(error: unknown): error is ErrorWithFields & { query: string } {
  return error instanceof Error && typeof (error as ErrorWithFields).query === 'string' && 'params' in error;
}

/** PostgreSQL's own error (pg or PGlite): a five-character SQLSTATE and a severity. */
function isDatabaseError(error: unknown): error is ErrorWithFields {
  const fields = error as ErrorWithFields;
  return (
    error instanceof Error &&
    typeof fields.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(fields.code) &&
    'severity' in fields
  );
}

/**
 * What a PostgreSQL error may tell the logs. Left out: `detail` ("Failing row contains (…)",
 * "Key (email)=(…) already exists"), `where`, `hint` and `internalQuery`, which quote the data.
 */
const databaseErrorFields = [
  'code',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
];

/**
 * A quoted value in a PostgreSQL message ('invalid input syntax for type uuid: "…"', 'value "…" is
 * out of range') is masked; a quoted name ('constraint "clients_name_key"', 'relation "users"') is
 * kept: it follows the word that says what it names.
 */
const quotedPattern = /"(?:[^"]|"")*"/g;
const namedThing =
  /\b(?:relation|constraint|column|table|index|type|function|encoding|schema|sequence|trigger|database|role|extension|view|operator|collation) $/;
function maskQuotedValues(message: string): string {
  return message.replace(quotedPattern, (quoted, offset: number) =>
    namedThing.test(message.slice(0, offset)) ? quoted : '"***"',
  );
}

function stackFrames(error: Error): string {
  return (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

function involvesTheDatabase(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  return isQueryError(error) || isDatabaseError(error) || involvesTheDatabase(error.cause, depth + 1);
}

/**
 * A database error, and its causes, as the logs may keep it: the SQL text (with its $1
 * placeholders), the SQLSTATE, constraint, table and column, the stack frames; never the values
 * the query carried (names, e-mails, phones, a new password's hash…). Other errors are unchanged.
 */
export function withoutQueryValues(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 5 || !involvesTheDatabase(error)) return error;
  // PGlite's errors carry the query too: PostgreSQL's message is the one to keep.
  const query = isDatabaseError(error) ? undefined : isQueryError(error) ? error.query : undefined;
  const message = isDatabaseError(error)
    ? maskQuotedValues(error.message)
    : query !== undefined
      ? `Failed query: ${query}`
      : error.message;
  const copy = new Error(message) as ErrorWithFields;
  Object.defineProperty(copy, 'name', { value: error.name });
  copy.stack = `${error.name}: ${message}\n${stackFrames(error)}`;
  if (query !== undefined) copy.query = query;
  // The SQLSTATE and constraint of the database error behind it, on the logged error itself: pino
  // writes a cause's message and stack only.
  const databaseError = firstDatabaseError(error);
  for (const field of databaseError ? databaseErrorFields : []) {
    if (databaseError?.[field] !== undefined) copy[field] = databaseError[field];
  }
  if (error.cause !== undefined) copy.cause = withoutQueryValues(error.cause, depth + 1);
  return copy;
}

function firstDatabaseError(error: unknown, depth = 0): ErrorWithFields | undefined {
  if (!(error instanceof Error) || depth > 5) return undefined;
  return isDatabaseError(error) ? error : firstDatabaseError(error.cause, depth + 1);
}

/** pino's error serializer, after `withoutQueryValues`; the type stays the original error's. */
function serializeError(error: unknown) {
  const serialized = pino.stdSerializers.err(withoutQueryValues(error) as Error);
  if (error instanceof Error && serialized && typeof serialized === 'object') {
    serialized.type = error.constructor.name;
  }
  return serialized;
}

/** JSON logs (pino) on stdout, or on `destination` in tests. */
export function createLogger(level: string, destination?: DestinationStream) {
  return pino(
    {
      level,
      redact: { paths: redactedLogPaths, censor: '[redacted]' },
      serializers: {
        err: serializeError,
        req: (req) => ({
          id: req.id,
          method: req.method,
          url: maskUrl(req.url),
          remoteAddress: req.ip,
          headers: { authorization: req.headers?.authorization, 'user-agent': req.headers?.['user-agent'] },
        }),
      },
    },
    destination,
  );
}

/** What the access log needs of a request and its answer. */
export interface AccessLogEntry {
  id: string;
  method: string;
  url: string;
  ip: string;
  userAgent: string | undefined;
  authorized: boolean;
  statusCode: number;
  responseTime: number;
}

/**
 * A writer of the one line per request (plugins/request-log.ts), beside `logger`: same level and
 * destination, but the line is built here from named fields only (the URL masked, the
 * Authorization header never copied), so it skips the generic redaction, which was most of the
 * line's cost. Null when `logger` is not a pino logger (tests without logs).
 */
export function createAccessLog(logger: unknown): ((entry: AccessLogEntry) => void) | null {
  const stream = (logger as Record<symbol, unknown> | null)?.[pino.symbols.streamSym] as
    | DestinationStream
    | undefined;
  if (!stream) return null;
  const parent = logger as pino.Logger;
  const access = pino({ level: parent.level }, stream);
  if (!access.isLevelEnabled('info')) return null;
  return (entry) =>
    access.info(
      {
        reqId: entry.id,
        req: {
          id: entry.id,
          method: entry.method,
          url: maskUrl(entry.url),
          remoteAddress: entry.ip,
          headers: {
            authorization: entry.authorized ? '[redacted]' : undefined,
            'user-agent': entry.userAgent,
          },
        },
        res: { statusCode: entry.statusCode },
        responseTime: entry.responseTime,
      },
      'request completed',
    );
}

type LogMethod = (...args: unknown[]) => void;
type ChildLogger = pino.BaseLogger & { child: (bindings: pino.Bindings, options?: object) => ChildLogger };

/**
 * The logger of one request (Fastify makes one per request, bound to its id), made on its first
 * line. pino's `child` serialises and redacts its bindings at once: about 5 % of an API answer's
 * CPU, for a logger that only an error or a warning ever writes to.
 */
class RequestLogger {
  readonly #parent: ChildLogger;
  readonly #bindings: pino.Bindings;
  readonly #options: object;
  #child: ChildLogger | undefined;

  constructor(parent: ChildLogger, bindings: pino.Bindings, options: object) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #logger(): ChildLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  get level(): string {
    return this.#logger().level;
  }
  set level(level: string) {
    this.#logger().level = level;
  }
  #write(level: pino.Level | 'silent', args: unknown[]) {
    (this.#logger()[level] as LogMethod)(...args);
  }
  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
  silent(...args: unknown[]) {
    this.#write('silent', args);
  }
  child(bindings: pino.Bindings, options?: object): ChildLogger {
    return this.#logger().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger is made when it first writes. */
export function lazyRequestLogger(parent: unknown, bindings: pino.Bindings, options: object) {
  return new RequestLogger(parent as ChildLogger, bindings, options) as unknown as pino.Logger;
}
