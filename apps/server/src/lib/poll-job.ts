import type { FastifyInstance } from 'fastify';

/**
 * Runs `run` once the app is ready, then again `everyMs` after each run ends, until the app
 * closes (which waits for a run in flight). A failed run is logged and the next one comes as
 * usual: a job that looks for due work (the weekly timesheets, the day's retention run) never
 * stops the process, and catches up on its next look.
 */
export function pollJob(
  app: FastifyInstance,
  job: { name: string; everyMs: number; run: () => Promise<unknown> },
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const tick = async () => {
    try {
      await job.run();
    } catch (error) {
      app.log.error({ err: error }, `${job.name} failed`);
    }
    if (!stopped) timer = setTimeout(schedule, job.everyMs);
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
}
