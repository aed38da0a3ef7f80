import type { App } from '../../lib/app-types.ts';
import { attachmentDisposition } from '../../lib/file-names.ts';
import { moduleRoutes, uploadRateLimit } from '../../lib/route.ts';
import { storageFor } from '../../lib/storage.ts';
import { readCv, removeCv, uploadCv } from './cv.ts';
import { hireApplicant } from './hire.ts';
import { listApplicants } from './list.ts';
import { applicantsPolicy } from './policy.ts';
import { openApplicant } from './read.ts';
import {
  applicantConversation,
  changeApplicantStatus,
  createApplicant,
  deleteApplicant,
  updateApplicant,
} from './write.ts';

/** Twice the CV cap: a file a little over it still arrives, to be refused with CV_TOO_LARGE. */
const cvBodyLimit = 10 * 1024 * 1024;

/** Recruiting: applicants, their CV, their status history, and Hire. */
export default async function applicantsRoutes(app: App) {
  const route = moduleRoutes(app, 'applicants');
  const { db, config } = app.deps;
  const storage = storageFor(config);
  // A CV arrives as the raw file (whatever type the browser says); what it is, is read from its bytes.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: cvBodyLimit }, (_request, body, done) =>
    done(null, body),
  );

  route('GET /applicants', applicantsPolicy.list, (request) =>
    listApplicants(db, request.auth, request.query),
  );
  route('POST /applicants', applicantsPolicy.write, (request) =>
    createApplicant(db, request.auth, request.body),
  );
  route('GET /applicants/:id', applicantsPolicy.read, (request) =>
    openApplicant(db, request.auth, request.params.id),
  );
  route('PUT /applicants/:id', applicantsPolicy.write, (request) =>
    updateApplicant(db, request.auth, request.params.id, request.body),
  );
  route('DELETE /applicants/:id', applicantsPolicy.write, (request) =>
    deleteApplicant({ db, storage }, request.auth, request.params.id),
  );
  route('POST /applicants/:id/status', applicantsPolicy.write, (request) =>
    changeApplicantStatus(db, request.auth, request.params.id, request.body),
  );
  route('POST /applicants/:id/hire', applicantsPolicy.write, (request) =>
    hireApplicant({ db, publicUrl: config.PUBLIC_URL }, request.auth, request.params.id, request.body),
  );
  route(
    'PUT /applicants/:id/cv',
    applicantsPolicy.write,
    (request) => {
      const content = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const fileName = request.headers['x-file-name'];
      return uploadCv({ db, storage }, request.auth, request.params.id, {
        content,
        fileName: typeof fileName === 'string' ? fileName : undefined,
      });
    },
    { rateLimit: uploadRateLimit(config.UPLOAD_RATE_LIMIT) },
  );
  route('GET /applicants/:id/cv', applicantsPolicy.read, async (request, reply) => {
    const cv = await readCv({ db, storage }, request.auth, request.params.id);
    return reply
      .type(cv.contentType)
      .header('content-disposition', attachmentDisposition(cv.fileName))
      .send(cv.content);
  });
  route('POST /applicants/:id/conversation', applicantsPolicy.write, (request) =>
    applicantConversation(db, request.auth, request.params.id),
  );
  route('DELETE /applicants/:id/cv', applicantsPolicy.write, (request) =>
    removeCv({ db, storage }, request.auth, request.params.id),
  );
}
