import type { App } from '../../lib/app-types.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { availabilityOverview, employeeAvailability } from './availability.ts';
import { listAbsences } from './list.ts';
import { absencesPolicy } from './policy.ts';
import { getAbsence, listEmployeeAbsences } from './read.ts';
import { absenceCalendar, absenceSummary } from './summary.ts';
import { createAbsence, deleteAbsence, updateAbsence } from './write.ts';

/** Absences and blacklists, and the availability rule over them. */
export default async function absencesRoutes(app: App) {
  const route = moduleRoutes(app, 'absences');
  const { db } = app.deps;
  route('GET /absences', absencesPolicy.list, (request) => listAbsences(db, request.auth, request.query));
  route('GET /absences/summary', absencesPolicy.list, (request) => absenceSummary(db, request.auth));
  route('GET /absences/calendar', absencesPolicy.list, (request) =>
    absenceCalendar(db, request.auth, request.query.month),
  );
  route('POST /absences', absencesPolicy.write, (request) => createAbsence(db, request.auth, request.body));
  route('GET /absences/:id', absencesPolicy.read, (request) =>
    getAbsence(db, request.auth, request.params.id),
  );
  route('PUT /absences/:id', absencesPolicy.write, (request) =>
    updateAbsence(db, request.auth, request.params.id, request.body),
  );
  route('DELETE /absences/:id', absencesPolicy.write, (request) =>
    deleteAbsence(db, request.auth, request.params.id),
  );
  route('GET /employees/:id/absences', absencesPolicy.readEmployee, (request) =>
    listEmployeeAbsences(db, request.auth, request.params.id),
  );
  route('GET /employees/:id/availability', absencesPolicy.readEmployee, (request) =>
    employeeAvailability(db, request.auth, request.params.id, request.query),
  );
  route('GET /availability', absencesPolicy.availability, (request) =>
    availabilityOverview(db, request.auth, request.query),
  );
}
