import { type SiteInputParsed, searchable } from '@brigade/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { clients, sites } from '../../db/schema/index.ts';

/** Name, address, PO, job number, and the client's name (refreshed when the client is renamed). */
export function siteSearchText(
  site: Pick<SiteInputParsed, 'name' | 'street' | 'city' | 'postalCode' | 'po' | 'jobNumber'>,
  clientName: string,
) {
  return searchable(
    site.name,
    clientName,
    site.street,
    site.city,
    site.postalCode,
    site.postalCode?.replace(' ', ''),
    site.po,
    site.jobNumber,
  );
}

/** Recomputes the search text of a client's sites (their client was renamed). */
export async function refreshSiteSearchText(tx: Executor, clientId: string): Promise<void> {
  const rows = await tx
    .select({ site: sites, clientName: clients.name })
    .from(sites)
    .innerJoin(clients, eq(clients.id, sites.clientId))
    .where(eq(sites.clientId, clientId));
  for (const { site, clientName } of rows) {
    const searchText = siteSearchText(site, clientName);
    if (searchText !== site.searchText)
      await tx.update(sites).set({ searchText }).where(eq(sites.id, site.id));
  }
}
