import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { lazyRequestLogger } from './lib/logger.ts';
import { Realtime } from './lib/realtime.ts';
import { absencesRoutes } from './modules/absences/index.ts';
import { alertsRoutes } from './modules/alerts/index.ts';
import { applicantsRoutes } from './modules/applicants/index.ts';
import { auditRoutes } from './modules/audit/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import { availabilityRoutes } from './modules/availability/index.ts';
import { clientsRoutes } from './modules/clients/index.ts';
import { dashboardsRoutes } from './modules/dashboards/index.ts';
import { employeesRoutes } from './modules/employees/index.ts';
import { holidaysRoutes } from './modules/holidays/index.ts';
import { messagesRoutes, twilioWebhookRoutes, webhookSigningKey } from './modules/messages/index.ts';
import { assignationReplies, ordersRoutes } from './modules/orders/index.ts';
import { overviewRoutes } from './modules/overview/index.ts';
import { personalDataRoutes } from './modules/personal-data/index.ts';
import { privacyRoutes } from './modules/privacy/index.ts';
import { privacyLogRoutes } from './modules/privacy-log/index.ts';
import { reportsRoutes } from './modules/reports/index.ts';
import { createJwt, SessionStore } from './modules/sessions/index.ts';
import { sitesRoutes } from './modules/sites/index.ts';
import { skillsRoutes } from './modules/skills/index.ts';
import { supervisorsRoutes } from './modules/supervisors/index.ts';
import { systemRoutes } from './modules/system/index.ts';
import { timeEntriesRoutes } from './modules/time-entries/index.ts';
import { timesheetsRoutes } from './modules/timesheets/index.ts';
import { toolsRoutes } from './modules/tools/index.ts';
import { usersRoutes } from './modules/users/index.ts';
import apiBoundary, { requestLimitOptions } from './plugins/api-boundary.ts';
import authPlugin from './plugins/auth.ts';
import depsPlugin from './plugins/deps.ts';
import errorsPlugin from './plugins/errors.ts';
import realtimePlugin from './plugins/realtime.ts';
import { RequestLogController } from './plugins/request-log.ts';
import responseHeaders from './plugins/response-headers.ts';
import webPlugin, { inlineScriptSources } from './plugins/web.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  redis?: Redis | null;
  /** A pino logger (main.ts); tests run silent. */
  logger?: FastifyBaseLogger;
}

/** Builds the whole application without listening: main.ts listens, tests use inject(). */
export async function buildApp(options: BuildOptions) {
  const { config } = options;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    // One light line per request (plugins/request-log.ts), and each request's logger made only
    // when something writes to it.
    logController: new RequestLogController(options.logger ?? null),
    childLoggerFactory: lazyRequestLogger,
    bodyLimit: 1024 * 1024,
    ...requestLimitOptions,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const jwt = createJwt(options.jwtSecret);
  const sessions = new SessionStore({ database: options.database, jwt });
  await sessions.connect(options.redis ?? null);
  app.addHook('onClose', () => sessions.close());
  await app.register(depsPlugin, {
    config,
    database: options.database,
    db: options.database.db,
    jwt,
    sessions,
    redis: options.redis ?? null,
    realtime: new Realtime(),
    webhookKey: webhookSigningKey(config, options.jwtSecret),
  });
  await app.register(errorsPlugin);
  // Headers first: the refusals of api-boundary carry them too.
  await app.register(responseHeaders, {
    version: config.version,
    inlineScripts: inlineScriptSources(config.WEB_DIST),
  });
  await app.register(apiBoundary);
  await app.register(rateLimit, {
    global: false,
    redis: options.redis ?? undefined,
    nameSpace: 'brigade-rate-limit-',
    keyGenerator: (request) => request.ip,
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Brigade API', version: config.version },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Every API route comes from the contract with a policy rule (lib/route.ts): one registered any
  // other way would escape the permission matrix (permissions.test.ts), so it stops the start.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !route.config?.access) {
      throw new Error(`${route.method} ${route.url} declares no access: register it with moduleRoutes()`);
    }
  });
  await app.register(authPlugin);
  await app.register(
    async (api) => {
      await api.register(systemRoutes);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(auditRoutes);
      await api.register(privacyLogRoutes);
      await api.register(clientsRoutes);
      await api.register(sitesRoutes);
      await api.register(supervisorsRoutes);
      await api.register(employeesRoutes);
      await api.register(skillsRoutes);
      await api.register(toolsRoutes);
      await api.register(messagesRoutes);
      // A worker's OUI / NON answers their assignation, in the inbound SMS's transaction.
      await api.register(twilioWebhookRoutes, {
        replyHandlers: [assignationReplies()],
      });
      await api.register(absencesRoutes);
      await api.register(holidaysRoutes);
      await api.register(ordersRoutes);
      await api.register(overviewRoutes);
      await api.register(applicantsRoutes);
      await api.register(availabilityRoutes);
      await api.register(alertsRoutes);
      await api.register(dashboardsRoutes);
      await api.register(timeEntriesRoutes);
      await api.register(timesheetsRoutes);
      await api.register(reportsRoutes);
      await api.register(personalDataRoutes);
      await api.register(privacyRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(realtimePlugin);
  await app.register(webPlugin, { root: config.WEB_DIST });
  return app;
}
export type BrigadeApp = Awaited<ReturnType<typeof buildApp>>;
