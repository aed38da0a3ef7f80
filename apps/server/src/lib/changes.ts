import { AsyncLocalStorage } from 'node:async_hooks';
import { changedBy, type Resource, type WriteEndpoint } from '@brigade/shared/changes';
import { endpoints } from '@brigade/shared/contract';
import type { MessageEvent } from '@brigade/shared/messages';
import type { Realtime } from './realtime.ts';

/** The resources some query of the browser reads (`GET /clients/:id` → clients): what a change may name. */
const readResources = new Set<string>(
  Object.keys(endpoints)
    .filter((key) => key.startsWith('GET '))
    .map((key) => key.slice(key.indexOf('/') + 1).split('/')[0] as string),
);

/**
 * What one write changed, collected while its transaction runs and published once it has committed
 * (`Realtime.publish`): the resources it changed, named as the browser's queries name them
 * (`@brigade/shared/changes`), whether it queued messages in the outbox, and the texts that arrived
 * (delivered to the office by `new_message`, as spec §7 names it). Its audit rows and
 * outbox rows are written in the transaction itself; a write that rolls back publishes nothing.
 */
export class ChangeRecord {
  readonly #resources = new Set<Resource>();
  readonly #arrived: MessageEvent[] = [];
  #queuedMessages = 0;

  /** The write changed these resources (a name no query reads, `login`, is left out). */
  changed(...resources: readonly Resource[]): this {
    for (const resource of resources) if (readResources.has(resource)) this.#resources.add(resource);
    return this;
  }

  /** The write changed what this endpoint's write changes (`changedBy`): the office's equivalent click. */
  sameAs(endpoint: WriteEndpoint): this {
    return this.changed(...changedBy(endpoint));
  }

  /** The write queued `count` messages in the outbox: the worker is woken once it commits. */
  queued(count = 1): this {
    this.#queuedMessages += count;
    return this;
  }

  /** A text arrived (an inbound SMS), read in the transaction: `new_message` delivers it (spec §7). */
  arrived(event: MessageEvent): this {
    this.#arrived.push(event);
    return this;
  }

  get arrivedMessages(): readonly MessageEvent[] {
    return this.#arrived;
  }

  get resources(): Resource[] {
    return [...this.#resources].sort();
  }

  get queuedMessages(): number {
    return this.#queuedMessages;
  }
}

const current = new AsyncLocalStorage<ChangeRecord>();

/** The change record of the write running now (a request's, a job's), if any. */
export function currentChange(): ChangeRecord | undefined {
  return current.getStore();
}

/**
 * Runs one write (a request's handler, a job's run, a delivery's outcome) with its change record,
 * and publishes the record once the work has succeeded, its transactions committed. Work that
 * throws publishes nothing. Nested in another write, it adds to that write's record, which the
 * outer one publishes.
 */
export async function recordingChanges<T>(
  realtime: Realtime,
  work: (change: ChangeRecord) => Promise<T>,
): Promise<T> {
  const outer = current.getStore();
  if (outer) return work(outer);
  const change = new ChangeRecord();
  const result = await current.run(change, () => work(change));
  realtime.publish(change);
  return result;
}
