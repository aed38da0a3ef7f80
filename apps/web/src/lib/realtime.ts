import type { ChangedEvent } from '@brigade/shared/changes';
import type { Socket } from 'socket.io-client';
import { getToken, subscribeToAuth } from './auth.ts';

/**
 * The server's events to the browser (apps/server/src/lib/realtime.ts): one, `changed`, after any
 * write commits, naming the resources it changed (the same as the tab that made it refreshes).
 */
export interface ServerEvents {
  changed: ChangedEvent;
}
type EventName = keyof ServerEvents;
const eventNames: EventName[] = ['changed'];

let socket: Socket | null = null;
let connecting: Promise<Socket> | null = null;
let scheduled = false;
const connectListeners = new Set<() => void>();
const listeners = new Map<EventName, Set<(payload: never) => void>>();

/**
 * One socket per tab, opened with the session's token the first time something listens (socket.io
 * is loaded then, not with the first screen) and closed when the session ends. It reconnects by
 * itself after a lost network; the listeners stay.
 */
async function open(): Promise<Socket> {
  if (socket) return socket;
  connecting ??= import('socket.io-client').then(({ io }) => {
    const opened = io({
      path: '/socket.io',
      auth: (send) => send({ token: getToken() }),
      transports: ['websocket'],
    });
    // Connected, or back after a lost network: what happened meanwhile came with no event.
    opened.on('connect', () => {
      for (const listener of connectListeners) listener();
    });
    for (const event of eventNames) {
      opened.on(event, (payload: unknown) => {
        for (const listener of listeners.get(event) ?? []) listener(payload as never);
      });
    }
    socket = opened;
    return opened;
  });
  return connecting;
}

/**
 * Opens the socket once the first screen has what it needs (the browser idle): socket.io is not
 * part of what a page waits for. Whatever arrives before it connects is caught up on connecting.
 */
function openWhenIdle(): void {
  if (socket || connecting || scheduled) return;
  scheduled = true;
  const start = () => {
    scheduled = false;
    void open();
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 500);
}

/** Calls `listener` each time the socket connects (the first time, and after a lost network). */
export function onSocketConnect(listener: () => void): () => void {
  connectListeners.add(listener);
  return () => {
    connectListeners.delete(listener);
  };
}

subscribeToAuth(() => {
  if (getToken() === null && socket) {
    socket.close();
    socket = null;
    connecting = null;
  }
});

/** Calls `listener` on each `event` from the server; returns the function that stops it. */
export function onServerEvent<E extends EventName>(
  event: E,
  listener: (payload: ServerEvents[E]) => void,
): () => void {
  let set = listeners.get(event);
  if (!set) {
    set = new Set();
    listeners.set(event, set);
  }
  set.add(listener as (payload: never) => void);
  openWhenIdle();
  return () => {
    set.delete(listener as (payload: never) => void);
  };
}
