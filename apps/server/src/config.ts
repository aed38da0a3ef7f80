import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The product version, from the root package.json: sent as X-App-Version on every response. */
export const appVersion: string = JSON.parse(
  readFileSync(path.join(repoRoot, 'package.json'), 'utf8'),
).version;

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

/** The one place environment variables are read. Each one is documented in docs/operations.md (Configuration). */
const envSchema = z
  .object({
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
    DATABASE_URL: optionalString,
    REDIS_URL: optionalString,
    /** PostgreSQL: the longest wait to open a connection (or for a free one in the pool). */
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
    /** PostgreSQL: the longest one statement runs before the server stops it. */
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    /** PostgreSQL: the longest a transaction stays open doing nothing before the server ends it. */
    DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    /** Behind a load balancer, trust its X-Forwarded-For (client address for rate limits and logs). */
    TRUST_PROXY: z
      .preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false'))
      .transform((v) => v === 'true'),
    JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
    /** How long an admin's sign-in (and any magic-link session) lasts; never renewed. */
    SESSION_HOURS: z.coerce.number().positive().default(12),
    /**
     * How long a worker's or supervisor's sign-in lasts since it was last used: their phone renews
     * it about once a day (`POST /api/session/refresh`).
     */
    FIELD_SESSION_DAYS: z.coerce.number().positive().default(60),
    ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email().optional()),
    ADMIN_PASSWORD: optionalString,
    SEED: z.preprocess(emptyAsUndefined, z.enum(['demo', 'none']).optional()),
    DEMO_PASSWORD: optionalString,
    PUBLIC_URL: z.string().url().default('http://localhost:3000'),
    SMS_DRIVER: z.enum(['outbox', 'twilio']).default('outbox'),
    TWILIO_ACCOUNT_SID: optionalString,
    TWILIO_AUTH_TOKEN: optionalString,
    TWILIO_FROM: optionalString,
    /** Twilio's REST API; the tests point it at a local fake. */
    TWILIO_API_BASE: z.string().url().default('https://api.twilio.com'),
    /** SMS per second through the sender number, across every process (Twilio: 1 per long code). */
    SMS_RATE_PER_SECOND: z.coerce.number().positive().default(1),
    SMTP_URL: optionalString,
    MAIL_FROM: z.string().default('Brigade <no-reply@brigade.local>'),
    STORAGE: z.string().default('local'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    OUTBOX_POLL_MS: z.coerce.number().int().positive().default(1000),
    /**
     * How often a process looks for the weekly timesheet work due (made Sunday 22:00, sent Monday
     * 07:00, approvers chased): one process at a time does it, however many run.
     */
    TIMESHEET_JOB_POLL_MS: z.coerce.number().int().positive().default(60_000),
    /**
     * Hours a sent timesheet waits for its approval before its supervisors get one reminder, then
     * as many again before the office is told.
     */
    TIMESHEET_REMINDER_HOURS: z.coerce.number().positive().default(24),
    /**
     * Personal information (Law 25): how long each kind is kept once no longer needed, then
     * anonymised by the daily retention job (README, "Personal information").
     */
    RETENTION_APPLICANT_MONTHS: z.coerce.number().int().positive().default(24),
    RETENTION_EMPLOYEE_YEARS: z.coerce.number().int().positive().default(6),
    RETENTION_SUPERVISOR_MONTHS: z.coerce.number().int().positive().default(36),
    /** How often a process looks whether the day's retention run is due (one process a day runs it). */
    RETENTION_JOB_POLL_MS: z.coerce.number().int().positive().default(3_600_000),
    LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(20),
    /** Failed sign-ins on one e-mail or phone before each further attempt on it waits. */
    LOGIN_FAILURES_BEFORE_DELAY: z.coerce.number().int().positive().default(5),
    /** Failures are forgotten this long after the last one. */
    LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().positive().default(15),
    /** The longest an attempt waits (1 s, 2 s, 4 s… up to this). */
    LOGIN_MAX_DELAY_SECONDS: z.coerce.number().positive().default(30),
    /** Reset requests per client address per 15 minutes: loose, a whole office may share one address. */
    FORGOT_PASSWORD_RATE_LIMIT: z.coerce.number().int().positive().default(50),
    /** Reset requests per e-mail or phone per 15 minutes: tight, nobody needs more links than this. */
    FORGOT_PASSWORD_ACCOUNT_RATE_LIMIT: z.coerce.number().int().positive().default(3),
    /**
     * Uploads (a CV, a receipt's photo) one person may send on each upload route per 10 minutes:
     * each is decoded and re-encoded, which is dear; a day's receipts are a handful.
     */
    UPLOAD_RATE_LIMIT: z.coerce.number().int().positive().default(30),
    WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  })
  // One without the other used to create no admin and, worse, skip the demo company silently.
  .refine((env) => (env.ADMIN_EMAIL === undefined) === (env.ADMIN_PASSWORD === undefined), {
    path: ['ADMIN_EMAIL'],
    message:
      'ADMIN_EMAIL and ADMIN_PASSWORD go together: set both to make sure this admin account exists, or neither',
  });

export type Config = z.infer<typeof envSchema> & { repoRoot: string; version: string };

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return { ...parsed.data, repoRoot, version: appVersion };
}
