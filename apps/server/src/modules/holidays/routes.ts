import type { App } from '../../lib/app-types.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { holidaysPolicy } from './policy.ts';
import { createOverride, deleteOverride, getHolidayYear } from './service.ts';

/** The holiday calendars of any year, computed, with the office's overrides. */
export default async function holidaysRoutes(app: App) {
  const route = moduleRoutes(app, 'holidays');
  const { db } = app.deps;
  route('GET /holidays', holidaysPolicy.read, (request) =>
    getHolidayYear(db, request.auth, request.query.year),
  );
  route('POST /holidays/overrides', holidaysPolicy.write, (request) =>
    createOverride(db, request.auth, request.body),
  );
  route('DELETE /holidays/overrides/:id', holidaysPolicy.write, (request) =>
    deleteOverride(db, request.auth, request.params.id),
  );
}
