import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    let stopped = false;

    const tick = async () => {
      try {
        await runRetentionJob(deps, new Date());
      } catch (error) {
        app.log.error({ err: error }, 'retention run failed');
      }
      if (!stopped) timer = setTimeout(schedule, config.RETENTION_JOB_POLL_MS);
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
  { name: 'retention-job', dependencies: ['deps'] },
);
