import { PassThrough } from 'node:stream';
import type { PersonKind } from '@brigade/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../lib/app-types.ts';
import { attachmentDisposition } from '../../lib/file-names.ts';
import type { Actor } from '../../lib/policy.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { storageFor } from '../../lib/storage.ts';
import { anonymizePerson } from './anonymize.ts';
import { prepareExport } from './export.ts';
import { personalDataPolicy } from './policy.ts';

/** Aborted when the asker goes away before the archive is whole (a cancelled download). */
function clientGone(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  request.raw.on('aborted', () => controller.abort());
  return controller.signal;
}

/** A person's file on request and their anonymisation (issue 30, Québec's Law 25). */
export default async function personalDataRoutes(app: App) {
  const route = moduleRoutes(app, 'personal-data');
  const { db, config, sessions } = app.deps;
  const storage = storageFor(config);
  const deps = { db, storage, forgetUser: (id: string) => sessions.forgetUser(id) };

  const sendExport = async (
    kind: PersonKind,
    request: FastifyRequest,
    reply: FastifyReply,
    actor: Actor,
    id: string,
  ) => {
    const prepared = await prepareExport(deps, actor, kind, id);
    const signal = clientGone(request, reply);
    const stream = new PassThrough();
    signal.addEventListener('abort', () => stream.destroy(), { once: true });
    prepared.write(stream, signal).catch((error: unknown) => {
      if (!signal.aborted) request.log.error({ err: error, kind }, 'personal data export failed midway');
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return reply
      .type('application/zip')
      .header('content-disposition', attachmentDisposition(prepared.fileName))
      .send(stream);
  };
  route('GET /employees/:id/personal-data', personalDataPolicy.export, (request, reply) =>
    sendExport('employees', request, reply, request.auth, request.params.id),
  );
  route('GET /applicants/:id/personal-data', personalDataPolicy.export, (request, reply) =>
    sendExport('applicants', request, reply, request.auth, request.params.id),
  );
  route('GET /supervisors/:id/personal-data', personalDataPolicy.export, (request, reply) =>
    sendExport('supervisors', request, reply, request.auth, request.params.id),
  );

  route('POST /employees/:id/anonymize', personalDataPolicy.anonymize, (request) =>
    anonymizePerson(deps, request.auth, 'employees', request.params.id),
  );
  route('POST /applicants/:id/anonymize', personalDataPolicy.anonymize, (request) =>
    anonymizePerson(deps, request.auth, 'applicants', request.params.id),
  );
  route('POST /supervisors/:id/anonymize', personalDataPolicy.anonymize, (request) =>
    anonymizePerson(deps, request.auth, 'supervisors', request.params.id),
  );
}
