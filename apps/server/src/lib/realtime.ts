import type { ChangedEvent, Resource } from '@brigade/shared/changes';
import type { Server } from 'socket.io';
import type { ChangeRecord } from './changes.ts';

/** The socket.io room every signed-in admin's socket joins. */
export const adminsRoom = 'admins';

/** The event every admin's browser refreshes by: what a write changed, once it committed. */
export const changedEvent = 'changed';
/** Spec §7: the event that delivers an incoming text (the browser refreshes by `changed`). */
export const newMessageEvent = 'new_message';

/**
 * Publishes what writes changed, once they have committed: one `changed` event to the admins'
 * browsers (each refreshes the queries of the resources it names, as the tab that made the write
 * does), `new_message` for each text that arrived (spec §7), and a wake-up of this process's
 * outbox worker when the write queued messages. Services
 * never call it: `recordingChanges` (lib/changes.ts) does, for every write. The realtime plugin
 * attaches the socket.io server once the HTTP server exists (until then, and in tests that need no
 * browser, events go nowhere). With several processes, socket.io's adapter carries an event to the
 * sockets of every process.
 */
export class Realtime {
  #io: Server | null = null;
  readonly #listeners = new Set<(event: string, payload: unknown) => void>();
  readonly #outboxWakers = new Set<() => void>();
  /** What writes changed since the last `changed` sent to the sockets. */
  readonly #unsent = new Set<Resource>();
  #sending: NodeJS.Timeout | null = null;

  /**
   * `gatherMs`: the sockets get at most one `changed` that often, naming all that changed
   * meanwhile: a burst of writes (workers' hours, hundreds a second) is one event, not hundreds
   * (each one a message between processes with several of them).
   */
  readonly gatherMs: number;

  constructor(gatherMs = 100) {
    this.gatherMs = gatherMs;
  }

  attach(io: Server | null): void {
    this.#io = io;
  }

  publish(change: ChangeRecord): void {
    for (const message of change.arrivedMessages) this.#toAdmins(newMessageEvent, message);
    const resources = change.resources;
    if (resources.length > 0) {
      // Listeners (tests) see each write's record; the sockets, the writes of each moment together.
      const payload: ChangedEvent = { resources };
      for (const listener of this.#listeners) listener(changedEvent, payload);
      for (const resource of resources) this.#unsent.add(resource);
      this.#sending ??= setTimeout(() => this.#sendChanged(), this.gatherMs).unref();
    }
    if (change.queuedMessages > 0) for (const wake of this.#outboxWakers) wake();
  }

  #sendChanged(): void {
    this.#sending = null;
    const payload: ChangedEvent = { resources: [...this.#unsent].sort() };
    this.#unsent.clear();
    this.#io?.to(adminsRoom).emit(changedEvent, payload);
  }

  #toAdmins(event: string, payload: unknown): void {
    this.#io?.to(adminsRoom).emit(event, payload);
    for (const listener of this.#listeners) listener(event, payload);
  }

  /** The outbox worker is called when a committed write queued messages (it need not wait its poll). */
  onOutboxWork(wake: () => void): () => void {
    this.#outboxWakers.add(wake);
    return () => this.#outboxWakers.delete(wake);
  }

  /** Tests listen here to see what would be sent, without a socket. */
  listen(listener: (event: string, payload: unknown) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
