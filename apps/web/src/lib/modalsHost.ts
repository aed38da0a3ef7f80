import { useSyncExternalStore } from 'react';

/**
 * The confirmation dialogs' host (components/ModalsHost.tsx, with @mantine/modals' ModalsProvider)
 * loads on first use, keeping its code out of the login route. `confirmAction` asks for it and
 * waits until it listens.
 */
let requested = false;
const listeners = new Set<() => void>();
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

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

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useModalsHostRequested(): boolean {
  return useSyncExternalStore(subscribe, () => requested);
}
