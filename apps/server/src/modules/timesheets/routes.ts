import type { App } from '../../lib/app-types.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { storageFor } from '../../lib/storage.ts';
import { approveTimesheet, rejectTimesheetLine } from './approval.ts';
import { onSiteToday } from './on-site.ts';
import { timesheetPdf } from './pdf.ts';
import { readSheetPhoto } from './photos.ts';
import { timesheetsPolicy } from './policy.ts';
import { getTimesheet, listTimesheets } from './read.ts';
import { sendTimesheet } from './send.ts';
import { sheetWords } from './texts.ts';
import { createTimesheet, deleteTimesheet } from './write.ts';
import { timesheetXlsx } from './xlsx.ts';

const formats = {
  pdf: { render: timesheetPdf, type: 'application/pdf' },
  xlsx: {
    render: timesheetXlsx,
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
} as const;

/** One site's pay week, sent for approval (issue 11). */
export default async function timesheetsRoutes(app: App) {
  const route = moduleRoutes(app, 'timesheets');
  const { db, config } = app.deps;
  const storage = storageFor(config);
  route('GET /timesheets', timesheetsPolicy.list, (request) =>
    listTimesheets(db, request.auth, request.query),
  );
  route('GET /timesheets/on-site-today', timesheetsPolicy.onSite, (request) => onSiteToday(db, request.auth));
  route('POST /timesheets', timesheetsPolicy.manage, (request) =>
    createTimesheet(db, request.auth, request.body),
  );
  route('GET /timesheets/:id', timesheetsPolicy.read, (request) =>
    getTimesheet(db, request.auth, request.params.id),
  );
  route('DELETE /timesheets/:id', timesheetsPolicy.manage, (request) =>
    deleteTimesheet(db, request.auth, request.params.id),
  );
  route('POST /timesheets/:id/send', timesheetsPolicy.manage, (request) =>
    sendTimesheet(
      { db, storage, publicUrl: config.PUBLIC_URL },
      request.auth,
      request.params.id,
      request.body,
    ),
  );
  route('POST /timesheets/:id/approve', timesheetsPolicy.approve, (request) =>
    approveTimesheet(db, request.auth, request.params.id, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    }),
  );
  route('POST /timesheets/:id/entries/:entryId/reject', timesheetsPolicy.approve, (request) =>
    rejectTimesheetLine(db, request.auth, request.params.id, request.params.entryId, request.body),
  );
  route(
    'GET /timesheets/:id/entries/:entryId/photos/:photoId',
    timesheetsPolicy.read,
    async (request, reply) => {
      const file = await readSheetPhoto({ db, storage }, request.auth, request.params, request.query.size);
      // As the worker's own photo route: a photo never changes under its id (a new one gets a new id).
      return reply.type('image/jpeg').header('cache-control', 'private, max-age=86400, immutable').send(file);
    },
  );
  for (const format of ['pdf', 'xlsx'] as const) {
    route(`GET /timesheets/:id/${format}`, timesheetsPolicy.read, async (request, reply) => {
      const sheet = await getTimesheet(db, request.auth, request.params.id);
      const language = request.query.language ?? request.auth.user.language;
      const file = await formats[format].render(sheet, language);
      const name = `${sheetWords(language).fileName}-${sheet.weekStart}.${format}`;
      return reply
        .type(formats[format].type)
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(file);
    });
  }
}
