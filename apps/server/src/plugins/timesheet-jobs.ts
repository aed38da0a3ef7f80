import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pollJob } from '../lib/poll-job.ts';
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
    pollJob(app, {
      name: 'weekly timesheets',
      everyMs: config.TIMESHEET_JOB_POLL_MS,
      run: () => runTimesheetJobs(deps, new Date()),
    });
  },
  { name: 'timesheet-jobs', dependencies: ['deps'] },
);
