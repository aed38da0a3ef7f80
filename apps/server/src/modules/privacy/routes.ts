import type { App } from '../../lib/app-types.ts';
import { attachmentDisposition } from '../../lib/file-names.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { privacyIncidentsWorkbook } from './export.ts';
import { readPrivacyOfficer, updatePrivacyOfficer } from './officer.ts';
import { privacyPolicy } from './policy.ts';
import { getPrivacyIncident, listPrivacyIncidents } from './read.ts';
import { createPrivacyIncident, updatePrivacyIncident } from './write.ts';

/** Law 25: the person in charge of personal information (public to read) and the incident register (admins). */
export default async function privacyRoutes(app: App) {
  const route = moduleRoutes(app, 'privacy');
  const { db } = app.deps;

  route('GET /privacy-officer', 'public', () => readPrivacyOfficer(db));
  route('PUT /privacy-officer', privacyPolicy.officerWrite, (request) =>
    updatePrivacyOfficer(db, request.auth, request.body),
  );
  route('GET /privacy-incidents', privacyPolicy.incidents, (request) =>
    listPrivacyIncidents(db, request.auth, request.query),
  );
  route('POST /privacy-incidents', privacyPolicy.incidents, (request) =>
    createPrivacyIncident(db, request.auth, request.body),
  );
  route('GET /privacy-incidents/export', privacyPolicy.incidents, async (request, reply) => {
    const language = request.query.language ?? request.auth.user.language;
    const { fileName, content } = await privacyIncidentsWorkbook(db, request.auth, language);
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', attachmentDisposition(fileName))
      .send(content);
  });
  route('GET /privacy-incidents/:id', privacyPolicy.incidents, (request) =>
    getPrivacyIncident(db, request.auth, request.params.id),
  );
  route('PUT /privacy-incidents/:id', privacyPolicy.incidents, (request) =>
    updatePrivacyIncident(db, request.auth, request.params.id, request.body),
  );
}
