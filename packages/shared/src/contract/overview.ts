import { endpoint } from '../endpoint.ts';
import {
  commentInputSchema,
  commentUpdateSchema,
  overviewCommentSchema,
  overviewQuerySchema,
  overviewSchema,
} from '../overview.ts';
import { idParams } from './ids.ts';

/** The overview wall display and its comment bubbles (admins). */
export const overviewEndpoints = {
  'GET /overview': endpoint({
    summary:
      'The wall: the days from `from` (today in Montréal by default), each site with its orders’ coverage, who is on site today, tomorrow’s unconfirmed workers, the comment bubbles',
    query: overviewQuerySchema,
    response: overviewSchema,
  }),
  'POST /overview/comments': endpoint({
    summary: 'Pin a comment bubble (title up to 60 characters) to one site, one order or one day',
    body: commentInputSchema,
    status: 201,
    response: overviewCommentSchema,
  }),
  'PUT /overview/comments/:id': endpoint({
    summary: 'Change a bubble’s title and text (not where it is pinned)',
    params: idParams,
    body: commentUpdateSchema,
    response: overviewCommentSchema,
  }),
  'DELETE /overview/comments/:id': endpoint({
    summary: 'Remove a bubble',
    params: idParams,
    status: 204,
  }),
};
