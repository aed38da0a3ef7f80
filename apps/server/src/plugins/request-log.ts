import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAccessLog } from '../lib/logger.ts';

/**
 * One log line per request, when its answer is sent: method, address (tokens masked), status and
 * time taken. Fastify's own request logging wrote two lines (incoming, completed) through the
 * redacting logger, which was most of an API answer's CPU; app.ts turns it off.
 */
export default fp(
  async (app: FastifyInstance) => {
    const log = createAccessLog(app.log);
    if (!log) return;
    app.addHook('onResponse', (request, reply, done) => {
      log({
        id: request.id,
        method: request.method,
        url: request.url,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        authorized: request.headers.authorization !== undefined,
        statusCode: reply.statusCode,
        responseTime: reply.elapsedTime,
      });
      done();
    });
  },
  { name: 'request-log' },
);
