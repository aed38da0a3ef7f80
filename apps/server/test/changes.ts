import { changedBy, type Resource, resourceOf, type WriteEndpoint } from '@brigade/shared/changes';
import { type Endpoint, endpoints } from '@brigade/shared/contract';

/** The resources some GET endpoint reads: a name no query reads (`login`, `webhooks`) is never published. */
const readResources = new Set<Resource>(
  (Object.keys(endpoints) as Endpoint[])
    .filter((key) => key.startsWith('GET '))
    .map((key) => resourceOf(key)),
);

/** What the web refreshes after these writes (its `changedBy`), as the server publishes it. */
export function resourcesOf(...writes: WriteEndpoint[]): Resource[] {
  return [...new Set(writes.flatMap((write) => changedBy(write)))]
    .filter((resource) => readResources.has(resource))
    .sort();
}

/** The `changed` event the admins' browsers receive after these writes committed. */
export function changeOf(...writes: WriteEndpoint[]) {
  return { event: 'changed', payload: { resources: resourcesOf(...writes) } };
}
