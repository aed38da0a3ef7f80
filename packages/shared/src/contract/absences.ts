import { z } from 'zod';
import {
  absenceCalendarQuerySchema,
  absenceCalendarSchema,
  absenceInputSchema,
  absenceListQuerySchema,
  absencePageSchema,
  absenceSchema,
  absenceSummarySchema,
  availabilityOverviewSchema,
  availabilityQuerySchema,
  employeeAvailabilitySchema,
} from '../absences.ts';
import { endpoint } from '../endpoint.ts';
import {
  holidayOverrideInputSchema,
  holidayOverrideSchema,
  holidayYearQuerySchema,
  holidayYearSchema,
} from '../holiday-schemas.ts';
import { deleteOutcomeSchema } from '../list.ts';
import { idParams } from './ids.ts';

/** Absences (days away, blacklists), the availability rule, and the holiday calendars. */
export const absencesEndpoints = {
  'GET /absences': endpoint({
    summary: 'List absences and blacklists (filters, sort, pages); today’s first by default',
    description:
      '`type=away` keeps the days away (no blacklists). `from`/`to` keep the absences touching that period. `q` matches the employee’s name or number.',
    query: absenceListQuerySchema,
    response: absencePageSchema,
  }),
  'GET /absences/summary': endpoint({
    summary: 'Who is away today and this pay week (Sunday to Saturday, Montréal time), by type',
    response: absenceSummarySchema,
  }),
  'GET /absences/calendar': endpoint({
    summary: 'A month of absences per day: how many by type, and the first few names',
    query: absenceCalendarQuerySchema,
    response: absenceCalendarSchema,
  }),
  'POST /absences': endpoint({
    summary:
      'Record an absence or a blacklist; 409 ABSENCE_OVERLAP when the employee is already away on one of these days, 409 EMPLOYEE_ARCHIVED for an archived employee',
    body: absenceInputSchema,
    status: 201,
    response: absenceSchema,
    errors: [409],
  }),
  'GET /absences/:id': endpoint({
    summary: 'One absence',
    params: idParams,
    response: absenceSchema,
  }),
  'PUT /absences/:id': endpoint({
    summary: 'Replace an absence (every field); the same refusals as the creation',
    params: idParams,
    body: absenceInputSchema,
    response: absenceSchema,
    errors: [409],
  }),
  'DELETE /absences/:id': endpoint({
    summary: 'Delete an absence (kept in the audit log)',
    params: idParams,
    response: deleteOutcomeSchema,
  }),
  'GET /employees/:id/absences': endpoint({
    summary: 'An employee’s absences and blacklists, newest first (admins, or the employee themself)',
    params: idParams,
    response: z.object({ items: z.array(absenceSchema) }),
  }),
  'GET /employees/:id/availability': endpoint({
    summary:
      'The availability rule for one employee over a range (at most a year): each day available, away or away part of the day, the days nobody works (holidays, vacations), and the blacklists in force',
    description:
      'The same rule matching and time entries apply: `isUnavailable(employee, day)` is true on a day away without hours; `isBlacklisted(employee, client, site)` on a blacklist of that client (all its sites, or that one) in force that day.',
    params: idParams,
    query: availabilityQuerySchema,
    response: employeeAvailabilitySchema,
  }),
  'GET /availability': endpoint({
    summary:
      'The availability rule for every employee over a range (at most a year): those away at some point with their periods, and the blacklists in force; everyone else is available',
    query: availabilityQuerySchema,
    response: availabilityOverviewSchema,
  }),
  'GET /holidays': endpoint({
    summary:
      'A year’s holidays (Québec’s general holidays and the construction industry’s), its vacations, and the office’s overrides',
    query: holidayYearQuerySchema,
    response: holidayYearSchema,
  }),
  'POST /holidays/overrides': endpoint({
    summary:
      'Move or remove a computed holiday of a year, or add a company day off; 409 when that one is already changed',
    body: holidayOverrideInputSchema,
    status: 201,
    response: holidayOverrideSchema,
    errors: [409],
  }),
  'DELETE /holidays/overrides/:id': endpoint({
    summary: 'Undo an override: the computed day comes back (or the added day goes)',
    params: idParams,
    response: deleteOutcomeSchema,
  }),
};
