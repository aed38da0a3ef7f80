import type { Endpoint } from '@brigade/shared/contract';
import {
  type DataTag,
  type DefaultError,
  queryOptions,
  type UnusedSkipTokenOptions,
} from '@tanstack/react-query';
import { type Answer, type CallInput, type CallOptions, call } from './api.ts';
import { queryKeyOf, type ReadEndpoint } from './queryKeys.ts';

// Apart from lib/queries.ts (forms, toasts, mutations): the app's first file asks for a page's
// data with these (app/routes.tsx, pageData) before any of that code has come.

export type Input<K extends Endpoint> = Omit<CallInput<K>, keyof CallOptions>;

/** The key of every query of the contract (lib/queryKeys.ts). */
type EndpointQueryKey = ReturnType<typeof queryKeyOf>;

/**
 * What `endpointQuery` (and the list and detail queries) answer, written out: the type TypeScript
 * would infer is past the length it serializes once the contract has this many endpoints.
 */
export type EndpointQueryOptions<K extends ReadEndpoint> = UnusedSkipTokenOptions<
  Answer<K>,
  DefaultError,
  Answer<K>,
  EndpointQueryKey
> & { queryKey: DataTag<EndpointQueryKey, Answer<K>, DefaultError> };

/** `call` for code that holds a key and an input of that key (TypeScript cannot check them apart). */
export function callWith<K extends Endpoint>(key: K, input?: CallInput<K>): Promise<Answer<K>> {
  return (call as (key: K, input?: CallInput<K>) => Promise<Answer<K>>)(key, input);
}

/**
 * Query options for a GET endpoint of the contract, keyed `[resource, endpoint, input]`
 * (lib/queryKeys.ts), so that every write that changes the resource refreshes it:
 *
 *   useQuery(endpointQuery('GET /skills/options'))
 */
export function endpointQuery<K extends ReadEndpoint>(key: K, input?: Input<K>): EndpointQueryOptions<K> {
  return queryOptions({
    queryKey: queryKeyOf(key, input),
    queryFn: ({ signal }) => callWith(key, { ...input, signal } as CallInput<K>),
  });
}
