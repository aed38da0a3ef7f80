import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { followSmsDelivery } from '../modules/messages/index.ts';
import { createDeliverers, type DeliveryOptions, deliverDueMessages } from '../modules/outbox/index.ts';

/** Polls the outbox and delivers due messages; stops cleanly when the app closes. */
export default fp(
  async (app: FastifyInstance) => {
    const { config } = app.deps;
    const deliverers = createDeliverers(config);
    // Aborted on close: the worker claims nothing more, and stops waiting for the next SMS slot.
    const stopping = new AbortController();
    const options: DeliveryOptions = {
      smsPerSecond: config.SMS_RATE_PER_SECOND,
      smsSender: config.SMS_DRIVER === 'twilio' ? (config.TWILIO_FROM ?? 'twilio') : 'outbox',
      pollMs: config.OUTBOX_POLL_MS,
      signal: stopping.signal,
      onOutcome: followSmsDelivery(app.deps.realtime),
    };
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    let stopped = false;
    let ticking = false;
    let wokenMeanwhile = false;

    const tick = async () => {
      ticking = true;
      try {
        do {
          wokenMeanwhile = false;
          // A call covers one poll interval; keep going while it delivered: more may be waiting.
          while (!stopped && (await deliverDueMessages(app.deps.db, deliverers, options)) > 0) {}
        } while (wokenMeanwhile && !stopped);
      } catch (error) {
        app.log.error({ err: error }, 'outbox delivery failed');
      }
      ticking = false;
      if (!stopped) timer = setTimeout(schedule, app.deps.config.OUTBOX_POLL_MS);
    };
    const schedule = () => {
      running = tick();
    };
    // A write of this process that queued messages has committed (its change record): deliver now
    // rather than at the next poll. Another process's writes are found by the poll.
    const wake = () => {
      if (stopped) return;
      if (ticking) {
        wokenMeanwhile = true;
        return;
      }
      clearTimeout(timer);
      schedule();
    };
    let stopWaking = () => {};

    app.addHook('onReady', async () => {
      stopWaking = app.deps.realtime.onOutboxWork(wake);
      schedule();
    });
    app.addHook('preClose', async () => {
      stopped = true;
      stopWaking();
      stopping.abort();
      clearTimeout(timer);
      await running;
    });
  },
  { name: 'outbox-worker', dependencies: ['deps'] },
);
