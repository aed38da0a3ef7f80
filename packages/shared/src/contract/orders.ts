import { endpoint } from '../endpoint.ts';
import {
  candidatesQuerySchema,
  candidatesSchema,
  orderCancelSchema,
  orderDetailSchema,
  orderInputSchema,
  orderListQuerySchema,
  orderPageSchema,
} from '../orders.ts';
import { idParams } from './ids.ts';

/** Orders: a client's request for workers on one of its sites. */
export const ordersEndpoints = {
  'GET /orders': endpoint({
    summary: 'List orders with their coverage (confirmed and pending against asked) and derived status',
    description:
      '`from`/`to` keep the orders that touch that period; `status` is derived (open, partial, filled, in_progress, done, cancelled) on today in Montréal. `q` matches the client and site names.',
    query: orderListQuerySchema,
    response: orderPageSchema,
  }),
  'POST /orders': endpoint({
    summary:
      "Create an order on one of the client's active sites; a start in the past (Montréal time) is refused (startsOn: in_past)",
    body: orderInputSchema,
    status: 201,
    response: orderDetailSchema,
    errors: [409],
  }),
  'GET /orders/:id': endpoint({
    summary: 'One order with its skills, tools, supervisor and assignations',
    params: idParams,
    response: orderDetailSchema,
  }),
  'PUT /orders/:id': endpoint({
    summary:
      'Replace an order (every field); a cancelled one is refused (409 ORDER_CANCELLED), a start moved into the past too',
    params: idParams,
    body: orderInputSchema,
    response: orderDetailSchema,
    errors: [409],
  }),
  'GET /orders/:id/candidates': endpoint({
    summary:
      'Every active employee ranked for the order, with the reasons (codes) for and against; those a hard rule leaves out last, listed with excluded=true',
    description:
      'Hard rules: archived, away on a working day of the order (or during its hours), blacklisted for the client or site, afraid of heights when the order is at height, a mandatory skill missing or expiring before the end, confirmed elsewhere on overlapping days and hours. Points: skills, tools, disponible, worked on this site or for this client, fewer hours this week.',
    params: idParams,
    query: candidatesQuerySchema,
    response: candidatesSchema,
  }),
  'POST /orders/:id/cancel': endpoint({
    summary:
      'Cancel an order: its open assignations are cancelled too (409 ORDER_CANCELLED when it already is)',
    params: idParams,
    body: orderCancelSchema,
    response: orderDetailSchema,
    errors: [409],
  }),
};
