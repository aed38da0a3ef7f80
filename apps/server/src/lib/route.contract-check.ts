/**
 * Compile-time checks that a route holds the contract (npx tsc -b fails if one stops holding): its
 * handler receives the contract's parsed input and must answer the contract's shape. Nothing imports
 * this file; the function is never called.
 */
import type { App } from './app-types.ts';
import { adminOnly } from './policy.ts';
import { moduleRoutes } from './route.ts';

export function contractChecks(app: App) {
  const route = moduleRoutes(app, 'checks');
  const rule = { roles: adminOnly };

  // @ts-expect-error — an answer missing the client's fields
  route('GET /clients/:id', rule, async (request) => ({ id: request.params.id }));

  // @ts-expect-error — an endpoint that is not in the contract
  route('GET /nowhere', rule, async () => ({}));

  route('PUT /skills/:id', rule, async (request) => {
    request.params.id satisfies string;
    request.body.nameFr satisfies string;
    request.auth.userId satisfies string;
    // @ts-expect-error — no such field in the body
    request.body.colour;
    throw new Error('never called');
  });
}
