import { alertListSchema, alertNotificationsSchema, alertsQuerySchema } from '../alerts.ts';
import { endpoint } from '../endpoint.ts';

/** Site alerts (spec §7): what needs the office within the next `days` days (7 by default). */
export const alertsEndpoints = {
  'GET /alerts': endpoint({
    summary:
      'The alerts of the window today … today + days (Montréal): orders short of confirmed workers, sites ending, certificates expiring before an order’s end',
    description:
      'Orders: not cancelled, starting within the window, fewer confirmed than asked. Sites: live, ending within the window. Certificates: a skill of a worker on a pending or confirmed assignation, expiring within the window and before the last day of that order, the order not cancelled. Soonest first within each kind; `numberOfAlerts` is the length of `items`.',
    query: alertsQuerySchema,
    response: alertListSchema,
  }),
  'GET /alerts/notifications': endpoint({
    summary: 'How many alerts GET /alerts would list (the menu badge), counted in the database',
    query: alertsQuerySchema,
    response: alertNotificationsSchema,
  }),
};
