import type { Endpoints } from '@brigade/shared/contract';
import type { ParsedPart, ReplyOf } from '@brigade/shared/endpoint';
import type { Db } from '../../db/client.ts';
import type { App } from '../../lib/app-types.ts';
import type { Actor, Rule } from '../../lib/policy.ts';
import { moduleRoutes } from '../../lib/route.ts';

type CatalogName = 'skills' | 'tools';
type Query<Key extends keyof Endpoints> = ParsedPart<Endpoints[Key], 'query'>;
type Body<Key extends keyof Endpoints> = ParsedPart<Endpoints[Key], 'body'>;
type Reply<Key extends keyof Endpoints> = Promise<ReplyOf<Endpoints[Key]>>;

/** A catalog's service (see `catalogService`) as its endpoints in the contract call it. */
export interface CatalogApi<Name extends CatalogName> {
  policy: { read: Rule; write: Rule };
  list(db: Db, actor: Actor, query: Query<`GET /${Name}`>): Reply<`GET /${Name}`>;
  listOptions(db: Db, actor: Actor): Reply<`GET /${Name}/options`>;
  create(db: Db, actor: Actor, input: Body<`POST /${Name}`>): Reply<`POST /${Name}`>;
  get(db: Db, actor: Actor, id: string): Reply<`GET /${Name}/:id`>;
  update(db: Db, actor: Actor, id: string, input: Body<`PUT /${Name}/:id`>): Reply<`PUT /${Name}/:id`>;
  remove(db: Db, actor: Actor, id: string): Reply<`DELETE /${Name}/:id`>;
}

/** The API of one catalog (master data): the same six endpoints under `/skills` and `/tools`. */
export function catalogRoutes<Name extends CatalogName>(app: App, name: Name, catalog: CatalogApi<Name>) {
  const route = moduleRoutes(app, name);
  const { db } = app.deps;
  const { policy } = catalog;
  // Each `:id` endpoint's contract declares its id, which TypeScript cannot follow through `Name`.

  route(`GET /${name}`, policy.read, (request) => catalog.list(db, request.auth, request.query));
  route(`GET /${name}/options`, policy.read, (request) => catalog.listOptions(db, request.auth));
  route(`POST /${name}`, policy.write, (request) => catalog.create(db, request.auth, request.body));
  route(`GET /${name}/:id`, policy.read, (request) => catalog.get(db, request.auth, request.params!.id));
  route(`PUT /${name}/:id`, policy.write, (request) =>
    catalog.update(db, request.auth, request.params!.id, request.body),
  );
  route(`DELETE /${name}/:id`, policy.write, (request) =>
    catalog.remove(db, request.auth, request.params!.id),
  );
}
