import path from 'node:path';
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createLogger } from './lib/logger.ts';
import { jwtSecretOf } from './lib/secrets.ts';
import { ensureActivePhoneIndex } from './modules/users/index.ts';
import embeddedMaintenance from './plugins/embedded-maintenance.ts';
import outboxWorker from './plugins/outbox-worker.ts';
import retentionJob from './plugins/retention-job.ts';
import timesheetJobs from './plugins/timesheet-jobs.ts';
import { formatDemoSignIns, prepareAccounts } from './seed/startup.ts';

const startedAt = performance.now();
const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL);

const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite'),
  onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost'),
  onStaleLock: (stale) =>
    logger.warn({ file: stale.file, pid: stale.pid }, `stale pid file replaced: ${stale.reason}`),
  timeouts: {
    connectMs: config.DB_CONNECT_TIMEOUT_MS,
    statementMs: config.DB_STATEMENT_TIMEOUT_MS,
    idleInTransactionMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  },
});
const { applied: migrationsApplied, prepared: demoSignIns } = await database.startup(async () => {
  const signIns = await prepareAccounts(database, config, logger);
  // Migration 0018 leaves it out while two active accounts share a mobile: made once none do.
  const phoneIndex = await ensureActivePhoneIndex(database.db);
  if (phoneIndex.status === 'created') logger.info('users_active_phone_key created');
  if (phoneIndex.status === 'shared') {
    logger.warn(
      { numbers: phoneIndex.numbers },
      'mobile numbers shared by active accounts: give each to one person (users_active_phone_key waits for it)',
    );
  }
  return signIns;
});
// Printed to the console on purpose: this is how a newcomer learns how to sign in.
if (demoSignIns) process.stdout.write(formatDemoSignIns(demoSignIns));

const redis = config.REDIS_URL
  ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false })
  : null;
const app = await buildApp({ config, database, jwtSecret: jwtSecretOf(config), redis, logger });
await app.register(outboxWorker);
await app.register(timesheetJobs);
await app.register(retentionJob);
await app.register(embeddedMaintenance, { migrated: migrationsApplied > 0 });
app.addHook('onClose', async () => {
  await database.close();
  await redis?.quit();
});

let shuttingDown = false;
// Responses finished while shutting down close their connection, so keep-alive clients don't hold
// the process open until their idle timeout.
app.addHook('onSend', async (_request, reply) => {
  if (shuttingDown) reply.header('Connection', 'close');
});

async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal }, 'shutting down: finishing in-flight requests');
  const force = setTimeout(() => {
    logger.error('shutdown took too long, exiting');
    process.exit(1);
  }, 10_000);
  force.unref();
  try {
    await app.close();
    logger.info('bye');
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
// Until here, Ctrl-C or a stop ends the process at once (Node's default, which acts even while the
// embedded database keeps the event loop busy for seconds): there is no request to finish, and what
// the start was writing is undone by the database (migrations and the demo company are each one
// transaction), so the next start does it again.
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: config.HOST, port: config.PORT });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
logger.info(
  {
    port,
    database: database.kind,
    redis: Boolean(redis),
    readyMs: Math.round(performance.now() - startedAt),
  },
  `Brigade ${config.version} ready on http://localhost:${port}`,
);
