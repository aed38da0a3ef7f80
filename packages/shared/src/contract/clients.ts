import {
  clientDeleteOutcomeSchema,
  clientDetailSchema,
  clientInputSchema,
  clientListQuerySchema,
  clientPageSchema,
  clientUpdateSchema,
  siteDetailSchema,
  siteInputSchema,
  siteListQuerySchema,
  sitePageSchema,
  siteUpdateSchema,
} from '../clients.ts';
import { endpoint } from '../endpoint.ts';
import { deleteOutcomeSchema } from '../list.ts';
import { idParams } from './ids.ts';

/** Clients (master data). */
export const clientsEndpoints = {
  'GET /clients': endpoint({
    summary: 'Clients, searched (accent-insensitive), filtered, sorted and paged',
    query: clientListQuerySchema,
    response: clientPageSchema,
  }),
  'POST /clients': endpoint({
    summary: 'Create a client (409 NAME_NOT_UNIQUE when the name is taken)',
    body: clientInputSchema,
    status: 201,
    response: clientDetailSchema,
    errors: [409],
  }),
  'GET /clients/:id': endpoint({
    summary:
      'A client with its sites (derived status, supervisors) and supervisors (which were archived with it)',
    params: idParams,
    response: clientDetailSchema,
  }),
  'PUT /clients/:id': endpoint({
    summary:
      'Replace a client (every field); active: false archives it with its supervisors, and reactivating it brings back those of them named in reactivateSupervisorIds',
    params: idParams,
    body: clientUpdateSchema,
    response: clientDetailSchema,
    errors: [409],
  }),
  'DELETE /clients/:id': endpoint({
    summary: 'Delete a client nothing refers to; otherwise archive it (inactive) with its active supervisors',
    params: idParams,
    response: clientDeleteOutcomeSchema,
  }),
};

/** Job sites (master data): a site belongs to one client and has one or more supervisors. */
export const sitesEndpoints = {
  'POST /clients/:id/sites': endpoint({
    summary:
      "Create a job site of the client (one or more of the client's active supervisors); 409 CLIENT_ARCHIVED for an archived client",
    params: idParams,
    body: siteInputSchema,
    status: 201,
    response: siteDetailSchema,
    errors: [409],
  }),
  'GET /sites': endpoint({
    summary: 'Job sites with their client, derived status and supervisors (a supervisor sees their own)',
    query: siteListQuerySchema,
    response: sitePageSchema,
  }),
  'GET /sites/:id': endpoint({
    summary: 'A job site (admins, and the supervisors of the site)',
    params: idParams,
    response: siteDetailSchema,
  }),
  'PUT /sites/:id': endpoint({
    summary: 'Replace a job site (every field, its supervisors); 409 CLIENT_ARCHIVED for an archived client',
    params: idParams,
    body: siteUpdateSchema,
    response: siteDetailSchema,
    errors: [409],
  }),
  'DELETE /sites/:id': endpoint({
    summary: 'Delete a job site nothing refers to; otherwise archive it',
    params: idParams,
    response: deleteOutcomeSchema,
  }),
};
