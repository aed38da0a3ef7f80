import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { storageFor } from '../lib/storage.ts';
import { runTimesheetJobs, type TimesheetJobDeps } from '../modules/timesheets/index.ts';

/**
 * Looks every TIMESHEET_JOB_POLL_MS for the weekly timesheet work due (runTimesheetJobs: made on
 * Sunday night, sent on Monday morning, approvers chased), as the outbox worker looks for messages. Every process
 * looks; one at a time does the work (an advisory lock on PostgreSQL). Stops cleanly on close.
 */
export default fp(
  async (app: FastifyInstance) => {
    const { config, database, db } = app.deps;
    const deps: TimesheetJobDeps = {
      database,
      db,
      storage: storageFor(config),
      publicUrl: config.PUBLIC_URL,
      realtime: app.deps.realtime,
      reminderHours: config.TIMESHEET_REMINDER_HOURS,
      log: app.log,
    };
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    let stopped = false;

    const tick = async () => {
      try {
        await runTimesheetJobs(deps, new Date());
      } catch (error) {
        app.log.error({ err: error }, 'weekly timesheets failed');
      }
      if (!stopped) timer = setTimeout(schedule, config.TIMESHEET_JOB_POLL_MS);
    };
    const schedule = () => {
      running = tick();
    };

    app.addHook('onReady', async () => {
      schedule();
    });
    app.addHook('preClose', async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    });
  },
  { name: 'timesheet-jobs', dependencies: ['deps'] },
);
