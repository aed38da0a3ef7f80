import type { App } from '../../lib/app-types.ts';
import { moduleRoutes, uploadRateLimit } from '../../lib/route.ts';
import { storageFor } from '../../lib/storage.ts';
import { loggableSites, timeEntryDefaults } from './defaults.ts';
import { hourAlerts, hoursByEmployee } from './hour-alerts.ts';
import { sendHourReminders } from './hour-reminders.ts';
import { addPhoto, photoMaxBytes, readPhoto, removePhoto } from './photos.ts';
import { timeEntriesPolicy } from './policy.ts';
import { getTimeEntry, timeEntryWeek } from './read.ts';
import { createTimeEntry, deleteTimeEntry, updateTimeEntry } from './write.ts';

/** Hours logged by the day: the time logger and the week's view (issue 11). */
export default async function timeEntriesRoutes(app: App) {
  const route = moduleRoutes(app, 'time-entries');
  const { db, config } = app.deps;
  const photos = { db, storage: storageFor(config) };
  // A receipt's photo arrives as the raw image (whatever type the phone says): sharp reads what it is.
  app.addContentTypeParser(
    /^(image\/[\w.+-]+|application\/octet-stream)$/,
    { parseAs: 'buffer', bodyLimit: photoMaxBytes + 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );
  route('GET /time-entries/week', timeEntriesPolicy.week, (request) =>
    timeEntryWeek(db, request.auth, request.query),
  );
  route('GET /time-entries/defaults', timeEntriesPolicy.week, (request) =>
    timeEntryDefaults(db, request.auth, request.query),
  );
  route('GET /time-entries/sites', timeEntriesPolicy.sites, (request) =>
    loggableSites(db, request.auth, request.query),
  );
  route('GET /time-entries/total-hours-worked-by-date', timeEntriesPolicy.hourAlerts, (request) =>
    hourAlerts(db, request.auth, request.query),
  );
  route('POST /time-entries/hour-reminders', timeEntriesPolicy.hourAlerts, (request) =>
    sendHourReminders({ db, publicUrl: config.PUBLIC_URL }, request.auth, request.body),
  );
  route(
    'GET /time-entries/total-hours-worked-by-date-and-by-employee',
    timeEntriesPolicy.hourAlerts,
    (request) => hoursByEmployee(db, request.auth, request.query),
  );
  route('POST /time-entries', timeEntriesPolicy.write, (request) =>
    createTimeEntry(db, request.auth, request.body),
  );
  route('GET /time-entries/:id', timeEntriesPolicy.read, (request) =>
    getTimeEntry(db, request.auth, request.params.id),
  );
  route('PUT /time-entries/:id', timeEntriesPolicy.write, (request) =>
    updateTimeEntry(db, request.auth, request.params.id, request.body),
  );
  route(
    'POST /time-entries/:id/photos',
    timeEntriesPolicy.write,
    (request) =>
      addPhoto(
        photos,
        request.auth,
        request.params.id,
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      ),
    { rateLimit: uploadRateLimit(config.UPLOAD_RATE_LIMIT) },
  );
  route('GET /time-entries/:id/photos/:photoId', timeEntriesPolicy.read, async (request, reply) => {
    const { id, photoId } = request.params;
    const file = await readPhoto(photos, request.auth, id, photoId, request.query.size);
    return reply.type('image/jpeg').header('cache-control', 'private, max-age=86400, immutable').send(file);
  });
  route('DELETE /time-entries/:id/photos/:photoId', timeEntriesPolicy.write, (request) =>
    removePhoto(photos, request.auth, request.params.id, request.params.photoId),
  );
  route('DELETE /time-entries/:id', timeEntriesPolicy.write, (request) =>
    deleteTimeEntry(db, request.auth, request.params.id),
  );
}
