import {
  availableEmployeesPageSchema,
  availableEmployeesQuerySchema,
  openOrdersOfDayQuerySchema,
  openOrdersOfDaySchema,
} from '../availability.ts';
import { endpoint } from '../endpoint.ts';

/** The available-employees dashboard: who is free on a day, and the open orders of that day. */
export const availabilityEndpoints = {
  'GET /dashboards/available-employees': endpoint({
    summary: 'The workers free on a day (today in Montréal by default), sorted by name, a page at a time',
    description:
      'Active workers whose status is disponible or assigné, not away the whole day (absences), and without a pending or confirmed assignation on an order working that day (its dates, weekends only when it includes them; cancelled orders aside). `q` searches names, number, phone and city; `skillId` keeps the holders of a skill valid that day; `city` one city. Each comes with their skills.',
    query: availableEmployeesQuerySchema,
    response: availableEmployeesPageSchema,
  }),
  'GET /dashboards/available-employees/open-orders': endpoint({
    summary: 'The orders working on a day with places still open, to propose a free worker on',
    description:
      'Not cancelled, working that day (weekends only when the order includes them), with fewer pending and confirmed assignations than workers needed; by priority, then client and site.',
    query: openOrdersOfDayQuerySchema,
    response: openOrdersOfDaySchema,
  }),
};
