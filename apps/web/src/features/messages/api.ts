import type { ComposeInput, InboxType, MessageType } from '@brigade/shared/messages';
import { detailQuery, endpointQuery, listQuery, write } from '../../lib/queries.ts';

/** The inbox screens, by the path segment that names their type. */
export const inboxPaths: Record<InboxType, string> = {
  General: '/messages/general',
  Assignation: '/messages/assignation',
  Applicants: '/messages/applicants',
};
export function inboxTypeOf(pathname: string): InboxType {
  const found = (Object.entries(inboxPaths) as [InboxType, string][]).find(([, path]) =>
    pathname.startsWith(path),
  );
  return found?.[0] ?? 'General';
}
export const isInboxType = (type: MessageType): type is InboxType => type in inboxPaths;

export const conversationsQuery = (params: Record<string, string | number>) =>
  listQuery('GET /conversations', params);

/** A thread, its newest `limit` messages (more as the user scrolls back). */
export const threadQuery = (id: string, limit: number) =>
  endpointQuery('GET /conversations/:id', { params: { id }, query: { limit } });

/** The drafts of a type waiting to be reviewed and sent, oldest first. */
export const pendingQuery = (type: MessageType) =>
  endpointQuery('GET /messages', { query: { type, pending: 'true', pageSize: 500 } });

export const messageQuery = (id: string) => detailQuery('GET /messages/:id', id);

export const markSeen = (id: string) => write('PUT /conversations/:id', () => ({ params: { id } }));
export const savePending = write('POST /messages', (body: ComposeInput) => ({ body }));
export const sendNow = write('POST /send/sms', (compose: ComposeInput) => ({
  query: { pending: 'false' },
  body: { messages: compose },
}));
export const sendPending = write('POST /send/sms', (ids: string[]) => ({
  query: { pending: 'true' },
  body: { messages: ids },
}));
export const updatePending = (id: string) =>
  write('PUT /messages/:id', (body: string) => ({ params: { id }, body: { body } }));
export const deletePending = write('DELETE /messages', (ids: string[]) => ({ body: { ids } }));

/**
 * The offers a worker has not answered yet (the assignations a reply of theirs may answer), the
 * soonest first: beside a reply left to handle.
 */
export const pendingOffersQuery = (employeeId: string) =>
  endpointQuery('GET /assignations', {
    query: { employeeId, status: 'pending', sort: 'startsOn', pageSize: 20 },
  });
/** The office answers an offer from the worker's reply: the reply is handled, the worker texted. */
export const answerFromReply = write(
  'POST /assignations/:id/answer',
  (input: { assignationId: string; answer: 'confirmed' | 'declined'; replyId: string }) => ({
    params: { id: input.assignationId },
    body: { answer: input.answer, replyId: input.replyId },
  }),
);
/** A reply left to handle that needs nothing ("Merci!"): handled, off the badge. */
export const dismissReply = write('POST /messages/:id/dismiss', (id: string) => ({ params: { id } }));

/** People the composer offers, searched on the server (employees and supervisors, active). */
export const employeeSearchQuery = (q: string) =>
  endpointQuery('GET /employees', {
    query: { q: q || undefined, pageSize: 20, active: 'true', sort: 'lastName' },
  });
export const supervisorSearchQuery = (q: string) =>
  endpointQuery('GET /supervisors', { query: { q: q || undefined, pageSize: 10, active: 'true' } });
export const skillOptionsQuery = endpointQuery('GET /skills/options');
