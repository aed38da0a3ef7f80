import type { AssignInput, ReplaceInput } from '@brigade/shared/assignations';
import { detailQuery, endpointQuery, listQuery, write } from '../../lib/queries.ts';

export const orderQuery = (id: string) => detailQuery('GET /orders/:id', id);
/** The order's ranked candidates; `q` searches the whole ranking on the server (names, number, city). */
export const candidatesQuery = (orderId: string, excluded: boolean, limit: number, q: string) =>
  endpointQuery('GET /orders/:id/candidates', {
    params: { id: orderId },
    query: { excluded: excluded ? 'true' : 'false', limit, ...(q ? { q } : {}) },
  });
export const assignationsListQuery = (params: Record<string, string | number>) =>
  listQuery('GET /assignations', params);

export const assignWorkers = (orderId: string) =>
  write('POST /orders/:id/assignations', (body: AssignInput) => ({ params: { id: orderId }, body }));
export const replaceAssignation = (id: string) =>
  write('POST /assignations/:id/replace', (body: ReplaceInput) => ({ params: { id }, body }));
export const answerAssignation = write(
  'POST /assignations/:id/answer',
  ({ id, answer }: { id: string; answer: 'confirmed' | 'declined' }) => ({
    params: { id },
    body: { answer },
  }),
);
export const cancelAssignation = write('POST /assignations/:id/cancel', (id: string) => ({
  params: { id },
  body: { reason: null },
}));
export const confirmAssignations = write('POST /assignations/confirm', (ids: string[]) => ({
  body: { ids },
}));
/** The office sends the order's pending Assignation SMS (spec §4), reviewed on this screen. */
export const sendPendingMessages = write('POST /send/sms', (ids: string[]) => ({
  query: { pending: 'true' as const },
  body: { messages: ids },
}));
