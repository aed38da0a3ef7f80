import type { App } from '../../lib/app-types.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { createComment, deleteComment, updateComment } from './comment.ts';
import { overviewPolicy } from './policy.ts';
import { readOverview } from './read.ts';

/** The overview wall and its comment bubbles. */
export default async function overviewRoutes(app: App) {
  const route = moduleRoutes(app, 'overview');
  route('GET /overview', overviewPolicy.read, (request) =>
    readOverview(app.deps.db, request.auth, request.query),
  );
  route('POST /overview/comments', overviewPolicy.comment, (request) =>
    createComment(app.deps, request.auth, request.body),
  );
  route('PUT /overview/comments/:id', overviewPolicy.comment, (request) =>
    updateComment(app.deps, request.auth, request.params.id, request.body),
  );
  route('DELETE /overview/comments/:id', overviewPolicy.comment, (request) =>
    deleteComment(app.deps, request.auth, request.params.id),
  );
}
