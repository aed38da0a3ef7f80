import type { App } from '../../lib/app-types.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { loggableSites, timeEntryDefaults } from './defaults.ts';
import { hourAlerts, hoursByEmployee } from './hour-alerts.ts';
import { timeEntriesPolicy } from './policy.ts';
import { getTimeEntry, timeEntryWeek } from './read.ts';
import { createTimeEntry, deleteTimeEntry, updateTimeEntry } from './write.ts';

/** Hours logged by the day: the time logger and the week's view (issue 11). */
export default async function timeEntriesRoutes(app: App) {
  const route = moduleRoutes(app, 'time-entries');
  const { db } = app.deps;
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
  route('DELETE /time-entries/:id', timeEntriesPolicy.write, (request) =>
    deleteTimeEntry(db, request.auth, request.params.id),
  );
}
