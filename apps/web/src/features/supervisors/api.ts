import type {
  SupervisorCreate,
  SupervisorDetail,
  SupervisorOrphanedSite,
  SupervisorUpdate,
} from '@brigade/shared/supervisors';
import { queryOptions } from '@tanstack/react-query';
import { isApiError } from '../../lib/api.ts';
import { detailQuery, endpointQuery, listQuery, write } from '../../lib/queries.ts';

export const supervisorListOptions = (params: Record<string, string | number>) =>
  listQuery('GET /supervisors', params);

export const supervisorDetailOptions = (id: string) => detailQuery('GET /supervisors/:id', id);

/** Active clients for the client pickers. */
export const clientOptions = () =>
  queryOptions({
    ...endpointQuery('GET /clients', { query: { pageSize: 200, active: 'true' } }),
    select: (page) => page.items.map((client) => ({ value: client.id, label: client.name })),
    staleTime: 60_000,
    meta: { silent: true },
  });

export const createSupervisor = write('POST /supervisors', (body: SupervisorCreate) => ({ body }));
/** PUT replaces the whole supervisor: send every field (`supervisorFields`). */
export const updateSupervisor = (id: string) =>
  write('PUT /supervisors/:id', (body: SupervisorUpdate) => ({ params: { id }, body }));
export const deleteSupervisor = (id: string) => write('DELETE /supervisors/:id', () => ({ params: { id } }));

/** The supervisor's fields as PUT wants them (the whole record). */
export function supervisorFields(s: SupervisorDetail): SupervisorUpdate {
  return {
    firstName: s.firstName,
    lastName: s.lastName,
    email: s.email ?? '',
    phone: s.phone,
    language: s.language,
    clientId: s.clientId ?? s.client?.id ?? '',
    active: s.active,
  };
}

export const resendInvitation = (id: string) =>
  write('POST /supervisors/:id/invitation', (channel: 'email' | 'sms') => ({
    params: { id },
    body: { channel },
  }));

/** The sites a 409 CONFLICT says would be left without a supervisor, if that is what it says. */
export function orphanedSites(error: unknown): SupervisorOrphanedSite[] | null {
  if (!isApiError(error) || error.code !== 'CONFLICT') return null;
  const sites = (error.details as { sites?: SupervisorOrphanedSite[] } | undefined)?.sites;
  return Array.isArray(sites) && sites.length > 0 ? sites : null;
}
