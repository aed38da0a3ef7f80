import type { SiteInputParsed } from '@brigade/shared';
import { eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { clients, type SiteRow, siteSupervisors } from '../../db/schema/index.ts';
import { AppError, fieldError, isUniqueViolation, notFound, violatedConstraint } from '../../lib/errors.ts';
import { lockSupervisors } from '../users/index.ts';
import { siteSearchText } from './search-text.ts';

/**
 * Supervisors of a site: active users with the supervisor role who belong to the site's client.
 * Their rows stay locked until the transaction ends, so a supervisor cannot be archived between
 * this check and the commit (see lockSupervisors).
 */
export async function checkSupervisors(tx: Tx, clientId: string, supervisorIds: string[]): Promise<string[]> {
  const ids = [...new Set(supervisorIds)];
  if (ids.length === 0) throw fieldError('supervisorIds', 'supervisor_required');
  const found = await lockSupervisors(tx, ids);
  const valid = found.filter((u) => u.role === 'supervisor' && u.clientId === clientId && u.active);
  if (valid.length !== ids.length) throw fieldError('supervisorIds', 'invalid_supervisor');
  return ids;
}

/**
 * The site's client, share-locked until the transaction ends (archiving the client waits for this
 * write, and this write for that archive). Sites are added to and changed for active clients only.
 */
export async function lockActiveClient(tx: Tx, clientId: string) {
  const [client] = await tx
    .select({ id: clients.id, name: clients.name, active: clients.active })
    .from(clients)
    .where(eq(clients.id, clientId))
    .for('share');
  if (!client) throw notFound('Client');
  if (!client.active) {
    throw new AppError('CLIENT_ARCHIVED', 'The client is archived: reactivate it first', {
      clientId,
    });
  }
  return client;
}

export function siteValues(input: SiteInputParsed, clientName: string) {
  const { supervisorIds: _ids, ...fields } = input;
  return { ...fields, searchText: siteSearchText(input, clientName) };
}

/** A unique_violation on the client+name index means the name is taken within this client. */
export function translateUnique(error: unknown): never {
  if (isUniqueViolation(error) && violatedConstraint(error) === 'sites_client_name_key') {
    throw new AppError('NAME_NOT_UNIQUE', 'Name must be unique', { field: 'name' });
  }
  throw error;
}

export async function siteAuditRecord(tx: Executor, row: SiteRow) {
  const links = await tx
    .select({ id: siteSupervisors.supervisorId })
    .from(siteSupervisors)
    .where(eq(siteSupervisors.siteId, row.id));
  return { ...row, supervisorIds: links.map((l) => l.id).sort() };
}
