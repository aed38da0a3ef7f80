import { companyTimeZone } from '@brigade/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const analyzeAfterStartMs = 5_000;
const vacuumHour = 3;

/** Milliseconds until the next `hour`:00 in the company's time zone. */
export function msUntilCompanyHour(hour: number, now = new Date()): number {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: companyTimeZone,
    hourCycle: 'h23',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const secondsNow = part('hour') * 3600 + part('minute') * 60 + part('second');
  const seconds = (hour * 3600 - secondsNow + 86_400) % 86_400 || 86_400;
  return seconds * 1000;
}

/**
 * What autovacuum does on PostgreSQL, for the embedded database that has none (and no statistics
 * collector to tell which tables changed). Without it the planner keeps the row counts of the day
 * the tables were created, and picks plans fine for 10 rows but slow for 10,000:
 *  - ANALYZE a few seconds after start (a third of a second at 10,000 employees), VACUUM ANALYZE
 *    when this start applied migrations (they may have rewritten whole tables);
 *  - VACUUM ANALYZE every night at 3:00, company time, when nobody works (a second at that size;
 *    it also lets counts use index-only scans).
 * The embedded database runs one statement at a time, so both pause requests while they run.
 * Nothing to do on PostgreSQL.
 */
export default fp(
  async (app: FastifyInstance, options: { migrated?: boolean }) => {
    if (app.deps.database.kind !== 'pglite') return;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    let stopped = false;

    const maintain = async (statement: 'analyze' | 'vacuum analyze') => {
      const started = performance.now();
      try {
        await app.deps.db.execute(sql.raw(statement));
        app.log.info(
          { statement, ms: Math.round(performance.now() - started) },
          'embedded database maintained',
        );
      } catch (error) {
        app.log.warn({ err: error, statement }, 'embedded database maintenance failed');
      }
      if (!stopped) schedule('vacuum analyze', msUntilCompanyHour(vacuumHour));
    };
    const schedule = (statement: 'analyze' | 'vacuum analyze', delay: number) => {
      timer = setTimeout(() => {
        running = maintain(statement);
      }, delay);
      timer.unref();
    };

    app.addHook('onReady', async () => {
      schedule(options.migrated ? 'vacuum analyze' : 'analyze', analyzeAfterStartMs);
    });
    app.addHook('preClose', async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    });
  },
  { name: 'embedded-maintenance', dependencies: ['deps'] },
);
