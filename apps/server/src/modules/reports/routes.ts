import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../lib/app-types.ts';
import { attachmentDisposition } from '../../lib/file-names.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { storageFor } from '../../lib/storage.ts';
import { reportsPolicy } from './policy.ts';
import { listReports, reportPreview, startReport } from './service.ts';

/** Aborted when the asker goes away before the answer is whole (a cancelled download). */
function clientGone(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  request.raw.on('aborted', () => controller.abort());
  return controller.signal;
}

/** The reports screen (issue 28): the list, a preview, the document streamed. */
export default async function reportsRoutes(app: App) {
  const route = moduleRoutes(app, 'reports');
  const { db, config } = app.deps;
  const deps = { db, storage: storageFor(config), publicUrl: config.PUBLIC_URL };
  route('GET /reports', reportsPolicy.list, async (request) => listReports(request.auth));
  route('GET /reports/:type/preview', reportsPolicy.read, (request, reply) =>
    reportPreview(
      deps,
      { ...request.auth, language: request.auth.user.language },
      request.params.type,
      request.query,
      clientGone(request, reply),
    ),
  );
  route('GET /reports/:type', reportsPolicy.read, async (request, reply) => {
    const { stream, fileName, contentType } = await startReport(
      deps,
      { ...request.auth, language: request.auth.user.language },
      request.params.type,
      request.query,
      clientGone(request, reply),
      (error) => request.log.error({ err: error, report: request.params.type }, 'report failed midway'),
    );
    return reply
      .type(contentType)
      .header('content-disposition', attachmentDisposition(fileName))
      .send(stream);
  });
}
