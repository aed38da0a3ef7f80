import type { CommentInput, CommentUpdate } from '@brigade/shared/overview';
import { queryOptions } from '@tanstack/react-query';
import { endpointQuery, write } from '../../lib/queries.ts';

/** The days the wall shows unless told otherwise. */
export const defaultOverviewDays = 5;

/** Spec §9: the wall refreshes every minute (and at once on the events it listens to). */
export const overviewQuery = (days: number) =>
  queryOptions({
    ...endpointQuery('GET /overview', { query: { days } }),
    refetchInterval: 60_000,
    refetchIntervalInBackground: true,
  });

export const createComment = write('POST /overview/comments', (body: CommentInput) => ({ body }));
export const updateComment = write(
  'PUT /overview/comments/:id',
  ({ id, ...body }: CommentUpdate & { id: string }) => ({
    params: { id },
    body,
  }),
);
export const deleteComment = write('DELETE /overview/comments/:id', (id: string) => ({ params: { id } }));
