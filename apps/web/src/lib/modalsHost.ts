import { useSyncExternalStore } from 'react';

/**
 * The confirmation dialogs' host (components/ModalsHost.tsx, with @mantine/modals' ModalsProvider)
 * loads on first use, keeping its code out of the login route. `confirmAction` asks for it and
 * waits until it listens; a screen that will ask offline (the time logger) asks for it beforehand.
 */
let requested = false;
const listeners = new Set<() => void>();
let markReady: () => void = () => {};
let markFailed: (error: unknown) => void = () => {};
const ready = new Promise<void>((resolve, reject) => {
  markReady = resolve;
  markFailed = reject;
});
// Nobody may be waiting when it fails (a preload): that is no unhandled rejection.
ready.catch(() => undefined);

export function requestModalsHost(): Promise<void> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  return ready;
}

export function modalsHostMounted(): void {
  markReady();
}

/** Its code could not be fetched (no network before its first use): the callers ask plainly. */
export function modalsHostFailed(error: unknown): void {
  markFailed(error);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useModalsHostRequested(): boolean {
  return useSyncExternalStore(subscribe, () => requested);
}
