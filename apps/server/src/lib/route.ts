import type { WriteEndpoint } from '@brigade/shared/changes';
import { type Endpoints, endpoints } from '@brigade/shared/contract';
import {
  type EndpointDefinition,
  type ParsedPart,
  type ReplyOf,
  splitEndpointKey,
} from '@brigade/shared/endpoint';
import type { FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from '../modules/sessions/index.ts';
import type { App } from './app-types.ts';
import { recordingChanges } from './changes.ts';
import { type DocumentedErrorStatus, errorResponses } from './errors.ts';
import type { Rule } from './policy.ts';

/**
 * Who may call a route: `'public'` (no session needed), or a rule of the module's policy — the
 * auth plugin applies its roles and scopes before the request is read (apps/server/src/plugins/auth.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: a route may name a rule about any kind of resource
export type RouteAccess = 'public' | Rule<any>;

type Definition<Key extends keyof Endpoints> = Endpoints[Key];

/** The request a handler receives: parsed params, query and body, and for a guarded route its caller. */
export interface RouteRequest<Key extends keyof Endpoints, Access extends RouteAccess>
  extends FastifyRequest {
  params: ParsedPart<Definition<Key>, 'params'>;
  query: ParsedPart<Definition<Key>, 'query'>;
  body: ParsedPart<Definition<Key>, 'body'>;
  auth: Access extends 'public' ? AuthContext | null : AuthContext;
}

export type RouteHandler<Key extends keyof Endpoints, Access extends RouteAccess> = (
  request: RouteRequest<Key, Access>,
  reply: FastifyReply,
) => Promise<ReplyOf<Definition<Key>>>;

export interface RouteOptions {
  /**
   * @fastify/rate-limit settings for this route: per client address (public routes that take a
   * password or a token), or with `perPerson` per signed-in user (uploads, whose decoding is dear),
   * counted once the request is admitted and read: a refused or malformed one costs nothing.
   */
  rateLimit?: { max: number; timeWindow: string; perPerson?: boolean };
}

/** The rate-limit settings @fastify/rate-limit reads from a route's config. */
function rateLimitConfig({ perPerson, ...limit }: NonNullable<RouteOptions['rateLimit']>) {
  if (!perPerson) return limit;
  return {
    ...limit,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) =>
      request.auth ? `user:${request.auth.userId}` : `ip:${request.ip}`,
  };
}

/** Uploads a person may make on one route in 10 minutes (UPLOAD_RATE_LIMIT): plenty for a day's receipts. */
export const uploadRateLimit = (max: number) => ({ max, timeWindow: '10 minutes', perPerson: true });

/** The error answers a route documents: those its inputs and access imply, and the contract's own. */
function documentedErrors(definition: EndpointDefinition, access: RouteAccess): DocumentedErrorStatus[] {
  const statuses = new Set<DocumentedErrorStatus>(definition.errors ?? []);
  if (definition.params || definition.query || definition.body) statuses.add(400);
  if (access !== 'public') {
    statuses.add(401);
    statuses.add(403);
  }
  if (definition.params) statuses.add(404);
  return [...statuses].sort();
}

/**
 * The routes of one module, each an endpoint of the contract (packages/shared/src/contract.ts)
 * with the policy rule that guards it and the handler that calls one service:
 *
 *   const route = moduleRoutes(app, 'clients');
 *   route('GET /clients/:id', clientsPolicy.read, (request) => getClient(db, request.auth, request.params.id));
 *
 * The handler returns the answer; the route sends it with the contract's status (201, 204…).
 */
export function moduleRoutes(app: App, tag: string) {
  return function route<Key extends keyof Endpoints, Access extends RouteAccess>(
    key: Key,
    access: Access,
    handler: RouteHandler<Key, Access>,
    options: RouteOptions = {},
  ): void {
    const definition: EndpointDefinition = endpoints[key];
    const { method, path } = splitEndpointKey(key);
    const status = definition.status ?? 200;
    const response: Record<number, z.ZodType> = {
      ...errorResponses(...documentedErrors(definition, access)),
      ...definition.otherResponses,
    };
    if (definition.response) response[status] = definition.response;
    app.route({
      method: method as HTTPMethods,
      url: path,
      config: {
        access,
        endpoint: key,
        ...(options.rateLimit ? { rateLimit: rateLimitConfig(options.rateLimit) } : {}),
      },
      schema: {
        tags: [tag],
        summary: definition.summary,
        ...(definition.description ? { description: definition.description } : {}),
        ...(definition.params ? { params: definition.params } : {}),
        ...(definition.query ? { querystring: definition.query } : {}),
        ...(definition.body ? { body: definition.body } : {}),
        response,
      },
      handler: async (request, reply) => {
        const call = () => handler(request as RouteRequest<Key, Access>, reply);
        // A write's change record: what its endpoint changes (`@brigade/shared/changes`), published
        // to every admin's browser once the handler succeeded, its transaction committed.
        const answer =
          method === 'GET'
            ? await call()
            : await recordingChanges(app.deps.realtime, (change) => {
                change.sameAs(key as WriteEndpoint);
                return call();
              });
        // A handler that answered by itself (another status, e.g. /ready's 503) has sent it.
        if (reply.sent) return reply;
        reply.status(status);
        return status === 204 ? reply.send() : answer;
      },
    });
  };
}
