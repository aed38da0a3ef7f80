import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pollJob } from '../lib/poll-job.ts';
import { storageFor } from '../lib/storage.ts';
import { type RetentionDeps, runRetentionJob } from '../modules/personal-data/index.ts';

/**
 * Looks every RETENTION_JOB_POLL_MS whether the day's retention run is due (Law 25: people past
 * their retention anonymised, modules/personal-data/retention.ts). Every process looks; one a day
 * does it (an advisory lock on PostgreSQL, and the day's run recorded). Stops cleanly on close.
 */
export default fp(
  async (app: FastifyInstance) => {
    const { config, database, db, sessions } = app.deps;
    const deps: RetentionDeps = {
      database,
      db,
      storage: storageFor(config),
      forgetUser: (id) => sessions.forgetUser(id),
      settings: {
        applicantMonths: config.RETENTION_APPLICANT_MONTHS,
        employeeYears: config.RETENTION_EMPLOYEE_YEARS,
        supervisorMonths: config.RETENTION_SUPERVISOR_MONTHS,
      },
      log: app.log,
    };
    pollJob(app, {
      name: 'retention run',
      everyMs: config.RETENTION_JOB_POLL_MS,
      run: () => runRetentionJob(deps, new Date()),
    });
  },
  { name: 'retention-job', dependencies: ['deps'] },
);
