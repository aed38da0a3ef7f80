import type { App } from '../../lib/app-types.ts';
import { moduleRoutes } from '../../lib/route.ts';

/** How long `/api/ready` waits for the database before it answers 503. */
const readyTimeoutMs = 1000;

/** Health checks for load balancers: public. */
export default async function systemRoutes(app: App) {
  const route = moduleRoutes(app, 'system');

  route('GET /health', 'public', async () => ({ status: 'ok' as const, version: app.deps.config.version }));

  route('GET /ready', 'public', async (request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      // Within 2 s, whatever the database does (a pool full of stalled connections, a connection
      // that never opens): a load balancer's check must not hang.
      const ping = app.deps.database.ping(readyTimeoutMs);
      ping.catch(() => {});
      await Promise.race([
        ping,
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer in ${readyTimeoutMs} ms`)), readyTimeoutMs);
        }),
      ]);
      return { status: 'ready' as const };
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      return reply.status(503).send({ status: 'unavailable' as const });
    } finally {
      clearTimeout(timer);
    }
  });
}
