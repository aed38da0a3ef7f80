import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiPath } from './web.ts';

/**
 * helmet's choices for the web app's pages and files, with the app's own CSP sources: the page's
 * own inline scripts by their hash (`inlineScripts`), nothing else inline.
 */
const helmetOptions = (inlineScripts: readonly string[]): HelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      'script-src': ["'self'", ...inlineScripts],
      // Map tiles for placing job sites come from OpenStreetMap.
      'img-src': ["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org'],
      'connect-src': ["'self'"],
      'upgrade-insecure-requests': null,
    },
  },
  // The app is served over plain HTTP on a laptop; HSTS belongs to the TLS-terminating proxy.
  strictTransportSecurity: false,
});

/**
 * The headers helmet writes with `options`, read once by running its middleware on a recording
 * response: they depend on nothing in the request, so there is no reason to compute them per
 * request (@fastify/helmet builds a new helmet per request, a tenth of an API answer's CPU).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * What every answer carries, set once per request from two frozen sets:
 * - pages, files and the API documentation: helmet's headers (CSP, frame and referrer rules…);
 * - API answers (JSON): the set OWASP's REST security guide names for an API (nothing to frame,
 *   nothing to run, never sniffed), and `Cache-Control: no-store` (the login answer carries a
 *   token; no answer of the API may be kept by a browser or a proxy).
 * Both carry X-App-Version, which the web app compares with its own to reload after a deploy.
 */
export default fp(
  async (app: FastifyInstance, options: { version: string; inlineScripts?: readonly string[] }) => {
    const version = { 'x-app-version': options.version };
    const documentHeaders = { ...helmetHeaders(helmetOptions(options.inlineScripts ?? [])), ...version };
    const apiHeaders = {
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      ...version,
    };
    // The API documentation is pages (Swagger UI sets its own CSP) but under /api: never stored either.
    const docsHeaders = { ...documentHeaders, 'cache-control': 'no-store' };
    app.addHook('onRequest', (request, reply, done) => {
      const pathname = (request.raw.url ?? '/').split('?', 1)[0] ?? '/';
      if (!isApiPath(pathname)) reply.headers(documentHeaders);
      else if (pathname === '/api/docs' || pathname.startsWith('/api/docs/')) reply.headers(docsHeaders);
      else reply.headers(apiHeaders);
      done();
    });
  },
  { name: 'response-headers' },
);
