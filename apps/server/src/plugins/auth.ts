import type { Role } from '@brigade/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, unauthorized } from '../lib/errors.ts';
import { scopeAllows } from '../modules/auth/policy.ts';
import type { AuthContext } from '../modules/auth/session-store.ts';

/**
 * Per-route access, declared in the route's `config.access`:
 * - `'public'`: no session needed;
 * - `{ roles }`: a session whose user has one of these roles (all roles when omitted);
 * - `scopes`: the magic-link scopes (by kind) that may use the route; full sessions always may. A
 *   handler acting on one resource of that kind then calls `requireScope` to check its id too.
 * Routes are closed by default: a route that declares nothing needs a full session of any role.
 */
export type RouteAccess = 'public' | { roles?: readonly Role[]; scopes?: readonly string[] | 'any' };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : null;
}

/** The authenticated caller, for handlers behind a non-public route. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * For a handler that acts on one resource of a kind that magic links are issued for (a route whose
 * `access.scopes` names that kind): a magic-link session passes only for the very resource its link
 * names, any other id is forbidden. Full sessions pass (their role was checked by `access.roles`).
 */
export function requireScope(request: FastifyRequest, kind: string, id: string): AuthContext {
  const auth = requireAuth(request);
  if (!scopeAllows(auth.scope, kind, id)) throw forbidden();
  return auth;
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('auth', null);
    app.addHook('preHandler', async (request) => {
      const url = request.routeOptions.url;
      // Only the API is guarded: the web app's files and the OpenAPI pages are public.
      if (!url?.startsWith('/api/') || url.startsWith('/api/docs')) return;
      const access = request.routeOptions.config?.access;
      if (access === 'public') return;
      const token = bearerToken(request);
      if (!token) throw unauthorized();
      const auth = await app.deps.sessions.authenticate(token);
      if (!auth) throw new AppError('UNAUTHORIZED', 'Session expired or invalid');
      const scopes = access?.scopes;
      if (auth.scope && scopes !== 'any' && !scopes?.includes(auth.scope.kind)) throw forbidden();
      if (access?.roles && !access.roles.includes(auth.role)) throw forbidden();
      request.auth = auth;
    });
  },
  { name: 'auth', dependencies: ['deps'] },
);
