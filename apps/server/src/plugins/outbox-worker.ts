import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { followSmsDelivery } from '../modules/messages/index.ts';
import { createDeliverers, type DeliveryOptions, deliverDueMessages } from '../modules/outbox/index.ts';

/** Polls the outbox and delivers due messages; stops cleanly when the app closes. */
export default fp(
  async (app: FastifyInstance) => {
    const { config } = app.deps;
    const deliverers = createDeliverers(config);
    const options: DeliveryOptions = {
      limit: 20,
      smsPerSecond: config.SMS_RATE_PER_SECOND,
      smsSender: config.SMS_DRIVER === 'twilio' ? (config.TWILIO_FROM ?? 'twilio') : 'outbox',
      pollMs: config.OUTBOX_POLL_MS,
      onOutcome: followSmsDelivery(app.deps.realtime),
    };
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    let stopped = false;

    const tick = async () => {
      try {
        // Keep going while a full batch came back: there may be more waiting.
        while (!stopped && (await deliverDueMessages(app.deps.db, deliverers, options)) === options.limit) {}
      } catch (error) {
        app.log.error({ err: error }, 'outbox delivery failed');
      }
      if (!stopped) timer = setTimeout(schedule, app.deps.config.OUTBOX_POLL_MS);
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
  { name: 'outbox-worker', dependencies: ['deps'] },
);
