import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { bearerToken } from '../lib/bearer-token.ts';
import { AppError, forbidden, unauthorized } from '../lib/errors.ts';
import { mayAttempt } from '../lib/policy.ts';
import type { RouteAccess } from '../lib/route.ts';
import type { AuthContext } from '../modules/sessions/index.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (lib/route.ts sets it from the module's policy). */
    access?: RouteAccess;
    /** The contract's key of the endpoint this route serves, e.g. 'GET /clients/:id'. */
    endpoint?: string;
  }
  interface FastifyRequest {
    /** The caller of a guarded route (set before the request is read); null on public routes. */
    auth: AuthContext | null;
  }
}

/**
 * Authenticates every /api route that is not public, as the request's first step (`onRequest`):
 * before its body is read and before its params, query and body are validated, so an anonymous
 * caller gets 401 and a refused role 403, never a 400 that describes the fields. The route's rule
 * (its module's policy) decides by role and magic-link scope here; the service decides on the
 * resource with the same rule.
 *
 * Routes are closed by default: an /api route that declares no access needs a full session of an
 * admin (lib/route.ts always declares one).
 */
export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('auth', null);
    /** The refusal for this caller, or undefined once `request.auth` is set. */
    const admit = (
      request: FastifyRequest,
      auth: AuthContext | null,
      access: Exclude<RouteAccess, 'public'>,
    ) => {
      if (!auth) return new AppError('UNAUTHORIZED', 'Session expired or invalid');
      if (!mayAttempt(auth, access)) return forbidden();
      request.auth = auth;
      return undefined;
    };
    // A callback rather than an async hook: a session the cache knows (most requests) is admitted
    // without a promise and a turn of the event loop's microtasks.
    app.addHook('onRequest', (request, _reply, done) => {
      const url = request.routeOptions.url;
      // Only the API is guarded: the web app's files and the OpenAPI pages are public.
      if (!url?.startsWith('/api/') || url.startsWith('/api/docs')) return done();
      const access = request.routeOptions.config?.access ?? { roles: ['admin'] };
      if (access === 'public') return done();
      const token = bearerToken(request);
      if (!token) return done(unauthorized());
      const known = app.deps.sessions.cached(token);
      if (known) return done(admit(request, known, access));
      app.deps.sessions.authenticate(token).then((auth) => done(admit(request, auth, access)), done);
    });
  },
  { name: 'auth', dependencies: ['deps'] },
);
