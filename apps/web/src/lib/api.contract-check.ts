/**
 * Compile-time checks that the typed client holds the contract (npx tsc -b fails if one stops
 * holding): a wrong or missing field is a type error on the web side, as on the server's. Nothing
 * imports this file, so it is never bundled; its calls are never made.
 */
import { call } from './api.ts';

export async function contractChecks(id: string) {
  // The answer's type is the contract's: a field the server does not send does not exist.
  const client = await call('GET /clients/:id', { params: { id } });
  client.name satisfies string;
  // @ts-expect-error — no such field in the client detail
  client.nickname;

  // @ts-expect-error — the path parameter is required
  await call('GET /clients/:id');
  // @ts-expect-error — a body of the wrong shape
  await call('POST /skills', { body: { nameFr: 'Soudure' } });
  // @ts-expect-error — an endpoint that does not exist
  await call('GET /nowhere');
  // @ts-expect-error — a query parameter of the wrong type
  await call('GET /clients', { query: { active: 'maybe' } });

  // Endpoints that take nothing can be called with nothing.
  await call('GET /users/me');
}
