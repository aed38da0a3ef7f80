import { endpoint } from '../endpoint.ts';
import { deleteOutcomeSchema } from '../list.ts';
import {
  supervisorCreateSchema,
  supervisorDetailSchema,
  supervisorInvitationRequestSchema,
  supervisorInvitationResponseSchema,
  supervisorListQuerySchema,
  supervisorPageSchema,
  supervisorUpdateSchema,
} from '../supervisors.ts';
import { idParams } from './ids.ts';

/** Supervisors (master data): the client's site foremen, who approve hours. */
export const supervisorsEndpoints = {
  'GET /supervisors': endpoint({
    summary: 'List supervisors (search, sort, filter by client and status, pages)',
    query: supervisorListQuerySchema,
    response: supervisorPageSchema,
  }),
  'POST /supervisors': endpoint({
    summary: 'Create a supervisor and send the invitation (e-mail or SMS) to choose a password',
    body: supervisorCreateSchema,
    status: 201,
    response: supervisorDetailSchema,
    errors: [409],
  }),
  'GET /supervisors/:id': endpoint({
    summary:
      'A supervisor with their client, sites (those they alone supervise), last invitation (admins, or the supervisor themself)',
    params: idParams,
    response: supervisorDetailSchema,
  }),
  'PUT /supervisors/:id': endpoint({
    summary: 'Edit a supervisor (409 CONFLICT with details.sites when they are the only one of active sites)',
    params: idParams,
    body: supervisorUpdateSchema,
    response: supervisorDetailSchema,
    errors: [409],
  }),
  'DELETE /supervisors/:id': endpoint({
    summary: 'Delete a supervisor who is on no site; archive them otherwise',
    params: idParams,
    response: deleteOutcomeSchema,
    errors: [409],
  }),
  'POST /supervisors/:id/invitation': endpoint({
    summary: 'Send the invitation again; answers the channel used',
    params: idParams,
    body: supervisorInvitationRequestSchema,
    response: supervisorInvitationResponseSchema,
    errors: [409],
  }),
};
