import type { ClientDetail, ClientInputParsed, ClientUpdate, SiteInputParsed } from '@brigade/shared/clients';
import { detailQuery, endpointQuery, listQuery, write } from '../../lib/queries.ts';

export const clientsListQuery = (params: Record<string, string | number>) =>
  listQuery('GET /clients', params);

export const clientQuery = (id: string) => detailQuery('GET /clients/:id', id);

export const createClient = write('POST /clients', (body: ClientInputParsed) => ({ body }));
/**
 * PUT replaces the whole client: send every field. Archiving archives its supervisors too;
 * reactivating brings back those named in `reactivateSupervisorIds` (components/clientActivation.tsx).
 */
export const updateClient = (id: string) =>
  write('PUT /clients/:id', (body: ClientInputParsed & Pick<ClientUpdate, 'reactivateSupervisorIds'>) => ({
    params: { id },
    body,
  }));
/** Archiving a client archives its active supervisors too (how many: `archivedSupervisors`). */
export const deleteClient = (id: string) => write('DELETE /clients/:id', () => ({ params: { id } }));

/** The client's fields as PUT wants them, from its detail. */
export function clientFields(client: ClientDetail): ClientInputParsed {
  const { id, sites, supervisors, deletable, createdAt, updatedAt, ...fields } = client;
  return fields;
}

export const createSite = (clientId: string) =>
  write('POST /clients/:id/sites', (body: SiteInputParsed) => ({ params: { id: clientId }, body }));
/** PUT replaces the whole site: send every field. */
export const updateSite = (id: string) =>
  write('PUT /sites/:id', (body: SiteInputParsed) => ({ params: { id }, body }));
/** DELETE of a site, whichever: the site's id is the mutation's variable. */
export const deleteSite = write('DELETE /sites/:id', (id: string) => ({ params: { id } }));

/** The client's active supervisors, offered in the site form. */
export const clientSupervisorsQuery = (clientId: string) =>
  endpointQuery('GET /supervisors', { query: { clientId, active: 'true', pageSize: 200, sort: 'lastName' } });
