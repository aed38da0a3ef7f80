import type {
  ClientDetail,
  ClientInputParsed,
  ClientListItem,
  SiteDetail,
  SiteInputParsed,
} from '@brigade/shared/clients';
import type { DeleteOutcome, Page } from '@brigade/shared/list';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { detailQueryOptions, listQueryOptions } from '../../lib/queries.ts';

/** Query keys of the clients feature: invalidating `clientsKey` refreshes lists and details. */
export const clientsKey = ['clients'] as const;

export const clientsListQuery = (params: Record<string, string | number>) =>
  listQueryOptions<ClientListItem>(clientsKey, '/clients', params);

export const clientQuery = (id: string) =>
  detailQueryOptions<ClientDetail>([...clientsKey, id], `/clients/${id}`);

export const createClient = (body: ClientInputParsed) => api.post<ClientDetail>('/clients', body);
/** PUT replaces the whole client: send every field. */
export const updateClient = (id: string, body: ClientInputParsed) =>
  api.put<ClientDetail>(`/clients/${id}`, body);
/** Archiving a client archives its active supervisors too (how many: `archivedSupervisors`). */
export const deleteClient = (id: string) =>
  api.delete<DeleteOutcome & { archivedSupervisors?: number }>(`/clients/${id}`);

/** The client's fields as PUT wants them, from its detail. */
export function clientFields(client: ClientDetail): ClientInputParsed {
  const { id, sites, supervisors, deletable, createdAt, updatedAt, ...fields } = client;
  return fields;
}

export const createSite = (clientId: string, body: SiteInputParsed) =>
  api.post<SiteDetail>(`/clients/${clientId}/sites`, body);
/** PUT replaces the whole site: send every field. */
export const updateSite = (id: string, body: SiteInputParsed) => api.put<SiteDetail>(`/sites/${id}`, body);
export const deleteSite = (id: string) => api.delete<DeleteOutcome>(`/sites/${id}`);

/** A supervisor as the supervisors API lists them (only what the site form needs). */
export interface SupervisorOption {
  id: string;
  firstName: string;
  lastName: string;
  active: boolean;
}

/** The client's active supervisors, offered in the site form. */
export const clientSupervisorsQuery = (clientId: string) =>
  queryOptions({
    queryKey: ['supervisors', 'list', { clientId, active: 'true', pageSize: 200 }] as const,
    queryFn: ({ signal }) =>
      api.get<Page<SupervisorOption>>('/supervisors', {
        query: { clientId, active: 'true', pageSize: 200, sort: 'lastName' },
        signal,
      }),
  });
