import type { App } from '../../lib/app-types.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { answerAssignation, confirmAssignations } from './answer.ts';
import { assignWorkers, replaceAssignation } from './assign.ts';
import { listAssignations } from './assignation-list.ts';
import { cancelAssignation } from './cancel-assignation.ts';
import { orderCandidates } from './candidates.ts';
import { listOrders } from './list.ts';
import { answerMyAssignation, myAssignations } from './mine.ts';
import { ordersPolicy } from './policy.ts';
import { getOrder } from './read.ts';
import { orderTimeline } from './timeline.ts';
import { cancelOrder, createOrder, updateOrder } from './write.ts';

/** Orders: a client's request for workers on one of its sites, and the workers asked for it. */
export default async function ordersRoutes(app: App) {
  const route = moduleRoutes(app, 'orders');
  const { db } = app.deps;
  route('GET /orders', ordersPolicy.list, (request) => listOrders(db, request.auth, request.query));
  route('POST /orders', ordersPolicy.write, (request) => createOrder(db, request.auth, request.body));
  route('GET /orders/:id', ordersPolicy.read, (request) => getOrder(db, request.auth, request.params.id));
  route('PUT /orders/:id', ordersPolicy.write, (request) =>
    updateOrder(app.deps, request.auth, request.params.id, request.body),
  );
  route('GET /orders/:id/candidates', ordersPolicy.read, (request) =>
    orderCandidates(db, request.auth, request.params.id, request.query),
  );
  route('POST /orders/:id/cancel', ordersPolicy.write, (request) =>
    cancelOrder(app.deps, request.auth, request.params.id, request.body.reason),
  );
  route('GET /orders/:id/timeline', ordersPolicy.read, (request) =>
    orderTimeline(db, request.auth, request.params.id),
  );

  // Assignations: one worker asked for one order.
  route('POST /orders/:id/assignations', ordersPolicy.write, (request) =>
    assignWorkers(app.deps, request.auth, request.params.id, request.body),
  );
  route('GET /assignations', ordersPolicy.list, (request) =>
    listAssignations(db, request.auth, request.query),
  );
  route('POST /assignations/:id/answer', ordersPolicy.write, (request) =>
    answerAssignation(app.deps, request.auth, request.params.id, request.body.answer, request.body.replyId),
  );
  route('POST /assignations/confirm', ordersPolicy.write, (request) =>
    confirmAssignations(app.deps, request.auth, request.body.ids),
  );
  route('POST /assignations/:id/cancel', ordersPolicy.write, (request) =>
    cancelAssignation(app.deps, request.auth, request.params.id, request.body.reason),
  );
  route('POST /assignations/:id/replace', ordersPolicy.write, (request) =>
    replaceAssignation(app.deps, request.auth, request.params.id, request.body),
  );

  // The worker's own: their home's "Mes affectations", and their answer to an offer.
  route('GET /my-assignations', ordersPolicy.mine, (request) => myAssignations(db, request.auth));
  route('POST /my-assignations/:id/answer', ordersPolicy.mine, (request) =>
    answerMyAssignation(app.deps, request.auth, request.params.id, request.body.answer),
  );
}
