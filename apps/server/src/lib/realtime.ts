import type { Server } from 'socket.io';

/** The socket.io room every signed-in admin's socket joins. */
export const adminsRoom = 'admins';

/**
 * Sends events to connected browsers. Services get it through `app.deps`; the realtime plugin
 * attaches the socket.io server once the HTTP server exists (until then, and in tests that need
 * no browser, events go nowhere). With several processes, socket.io's adapter carries an event to
 * the sockets of every process.
 */
export class Realtime {
  #io: Server | null = null;
  readonly #listeners = new Set<(event: string, payload: unknown) => void>();

  attach(io: Server | null): void {
    this.#io = io;
  }

  toAdmins(event: string, payload: unknown): void {
    this.#io?.to(adminsRoom).emit(event, payload);
    for (const listener of this.#listeners) listener(event, payload);
  }

  /** Tests listen here to see what would be sent, without a socket. */
  listen(listener: (event: string, payload: unknown) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
