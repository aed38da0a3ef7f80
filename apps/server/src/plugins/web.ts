import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@brigade/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The API and its documentation: unknown paths there are JSON 404s, never the web app. */
export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * Paths that can only name a file of the build: the bundles, translations and icons under /assets/,
 * and the few files at the root (favicon, manifest…). A missing one is a 404, not the web app, so a
 * stale bundle name fails loudly instead of being parsed as HTML. Any other path is a page of the
 * client router, dots included (/employees/jean.tremblay).
 */
export function isBuildFilePath(pathname: string): boolean {
  return (
    pathname.startsWith('/assets/') ||
    /^\/[^/]+\.(?:js|mjs|css|map|json|webmanifest|svg|png|ico|jpe?g|webp|txt|xml|woff2?)$/i.test(pathname)
  );
}

/**
 * The CSP sources (`'sha256-…'`) of the scripts written inside the web app's index.html: the page
 * draws its frame with one before its files arrive (apps/web/shell-plugin.ts). Read once, at start:
 * a build is deployed with a restart. None when there is no build.
 */
export function inlineScriptSources(root: string): string[] {
  const file = path.join(root, 'index.html');
  if (!existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html and translations revalidated,
 * any other GET outside the API answered with index.html (the root included) so the client router
 * takes over.
 */
export default fp(
  async (app: FastifyInstance, options: { root: string }) => {
    const hasWebApp = existsSync(path.join(options.root, 'index.html'));
    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root: options.root,
        wildcard: true,
        index: false,
        // The build writes .br and .gz beside each text asset (apps/web/vite.config.ts): the
        // variant the browser accepts is sent as is, with Content-Encoding and Vary set, and
        // nothing is compressed per request.
        preCompressed: true,
        // A folder ("/", "/assets/") is not a file: without this, `send` answers it 403.
        allowedPath: (pathname) => !pathname.endsWith('/'),
        setHeaders(reply, filePath) {
          const immutable = /[\\/]assets[\\/](?!i18n[\\/]).+-[A-Za-z0-9_-]{8,}\.\w+(?:\.br|\.gz)?$/.test(
            filePath,
          );
          reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApiPath(pathname) &&
        !isBuildFilePath(pathname);
      if (hasWebApp && wantsPage) {
        reply.header('Cache-Control', 'no-cache');
        return reply.sendFile('index.html');
      }
      return reply
        .status(404)
        .send({ code: ErrorCode.NOT_FOUND, message: `No route ${request.method} ${pathname}` });
    });
  },
  { name: 'web' },
);
