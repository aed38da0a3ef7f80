import { existsSync } from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@brigade/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app: hashed assets cached for a year, index.html and translations revalidated,
 * any other GET outside /api answered with index.html so the client router takes over.
 */
export default fp(
  async (app: FastifyInstance, options: { root: string }) => {
    const hasWebApp = existsSync(path.join(options.root, 'index.html'));
    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root: options.root,
        wildcard: true,
        index: false,
        setHeaders(reply, filePath) {
          const immutable = /[\\/]assets[\\/](?!i18n[\\/]).+-[A-Za-z0-9_-]{8,}\.\w+$/.test(filePath);
          reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const url = request.url;
      const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api');
      const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(url.split('?')[0] ?? '');
      if (hasWebApp && wantsPage && !looksLikeFile) {
        reply.header('Cache-Control', 'no-cache');
        return reply.sendFile('index.html');
      }
      return reply
        .status(404)
        .send({ code: ErrorCode.NOT_FOUND, message: `No route ${request.method} ${url.split('?')[0]}` });
    });
  },
  { name: 'web' },
);
