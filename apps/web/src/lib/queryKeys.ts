import {
  changedBy,
  type ReadEndpoint,
  type Resource,
  type ResourceOf,
  resourceOf,
  type WriteEndpoint,
} from '@brigade/shared/changes';

// The map of what each write changes lives in @brigade/shared/changes: the server publishes the
// same resources to every admin's browser after the write commits (lib/realtime.ts).
export { changedBy, type ReadEndpoint, type Resource, resourceOf, type WriteEndpoint };

/**
 * A query's key: `[resource, endpoint, input]`. Invalidating `[resource]` refreshes every query
 * that reads it (lists, pages, details, options), whichever feature made it.
 */
export function queryKeyOf<K extends ReadEndpoint>(key: K, input?: object): QueryKey<K> {
  return [resourceOf(key), key, input ?? null] as const;
}
/** Named by its endpoint (the type of every endpoint's key at once is too long to write out). */
export type QueryKey<K extends ReadEndpoint> = readonly [ResourceOf<K>, K, object | null];
