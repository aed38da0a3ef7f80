import type {
  DeleteOutcome,
  SupervisorDetail,
  SupervisorListItem,
  SupervisorOrphanedSite,
} from '@brigade/shared';
import { queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api.ts';
import { detailQueryOptions, listQueryOptions } from '../../lib/queries.ts';

/** Query key prefix of everything supervisor: invalidating it refreshes lists and details. */
export const supervisorsKey = ['supervisors'] as const;

export const supervisorListOptions = (params: Record<string, string | number>) =>
  listQueryOptions<SupervisorListItem>(supervisorsKey, '/supervisors', params);

export const supervisorDetailOptions = (id: string) =>
  detailQueryOptions<SupervisorDetail>([...supervisorsKey, id], `/supervisors/${id}`);

/** Active clients for the client pickers (built by the clients feature's API). */
export const clientOptions = () =>
  queryOptions({
    queryKey: ['clients', 'options'] as const,
    queryFn: async ({ signal }) => {
      const page = await api.get<{ items: { id: string; name: string }[] }>('/clients', {
        query: { pageSize: 200, active: 'true' },
        signal,
      });
      return page.items.map((client) => ({ value: client.id, label: client.name }));
    },
    staleTime: 60_000,
    meta: { silent: true },
  });

export const createSupervisor = (body: Record<string, unknown>) =>
  api.post<SupervisorDetail>('/supervisors', body);
/** PUT replaces the whole supervisor: send every field. */
export const updateSupervisor = (id: string, body: Record<string, unknown>) =>
  api.put<SupervisorDetail>(`/supervisors/${id}`, body);
export const deleteSupervisor = (id: string) => api.delete<DeleteOutcome>(`/supervisors/${id}`);

/** The supervisor's fields as PUT wants them (the whole record). */
export function supervisorFields(s: SupervisorDetail) {
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

export const resendInvitation = (id: string, channel: 'email' | 'sms') =>
  api.post<{ channel: 'email' | 'sms' }>(`/supervisors/${id}/invitation`, { channel });

/** The sites a 409 CONFLICT says would be left without a supervisor, if that is what it says. */
export function orphanedSites(error: unknown): SupervisorOrphanedSite[] | null {
  if (!isApiError(error) || error.code !== 'CONFLICT') return null;
  const sites = (error.details as { sites?: SupervisorOrphanedSite[] } | undefined)?.sites;
  return Array.isArray(sites) && sites.length > 0 ? sites : null;
}
