import type { App } from '../../lib/app-types.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { orderCandidates } from './candidates.ts';
import { listOrders } from './list.ts';
import { ordersPolicy } from './policy.ts';
import { getOrder } from './read.ts';
import { cancelOrder, createOrder, updateOrder } from './write.ts';

/** Orders: a client's request for workers on one of its sites. */
export default async function ordersRoutes(app: App) {
  const route = moduleRoutes(app, 'orders');
  const { db } = app.deps;
  route('GET /orders', ordersPolicy.list, (request) => listOrders(db, request.auth, request.query));
  route('POST /orders', ordersPolicy.write, (request) => createOrder(db, request.auth, request.body));
  route('GET /orders/:id', ordersPolicy.read, (request) => getOrder(db, request.auth, request.params.id));
  route('PUT /orders/:id', ordersPolicy.write, (request) =>
    updateOrder(db, request.auth, request.params.id, request.body),
  );
  route('GET /orders/:id/candidates', ordersPolicy.read, (request) =>
    orderCandidates(db, request.auth, request.params.id, request.query),
  );
  route('POST /orders/:id/cancel', ordersPolicy.write, (request) =>
    cancelOrder(db, request.auth, request.params.id, request.body.reason),
  );
}
