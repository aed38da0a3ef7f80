import { fieldRoles } from '@brigade/shared/roles';
import { useSyncExternalStore } from 'react';
import { afterFirstAction } from './afterFirstAction.ts';
import { getSession, type Session, subscribeToAuth } from './auth.ts';

/**
 * The service worker (sw.js, written by vite-plugin-pwa: see apps/web/vite.config.ts) is installed
 * for the people in the field, on their phones: a worker's or supervisor's session, or a browser
 * that has it already (so it keeps getting new versions). An office desktop never gets one: its
 * pages always come from the server, as they did.
 */
const isFieldSession = (session: Session | null) =>
  session !== null && (fieldRoles as readonly string[]).includes(session.user.role);

let started = false;
let registration: ServiceWorkerRegistration | undefined;
let updateServiceWorker: ((reloadPage?: boolean) => Promise<void>) | undefined;
let newVersionWaiting = false;
/** When this page last asked the browser to look for a new version. */
let lastCheck = Number.NEGATIVE_INFINITY;
const listeners = new Set<() => void>();

/**
 * Reloads the page when a new version takes it over, in every open page of the app (the one where
 * the person tapped, and the others): their scripts are the old release's, which the new worker no
 * longer serves. The first install taking the page (clientsClaim) is the same release: no reload.
 */
function reloadOnNewVersion(): void {
  let controlled = Boolean(navigator.serviceWorker.controller);
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });
}

function register(): void {
  if (started) return;
  started = true;
  reloadOnNewVersion();
  void import('virtual:pwa-register').then(({ registerSW }) => {
    updateServiceWorker = registerSW({
      // The page reloads itself (reloadOnNewVersion), whether or not it was controlled when it
      // registered: workbox-window's own reload misses a page that the first install took over.
      onNeedReload() {},
      onNeedRefresh() {
        newVersionWaiting = true;
        for (const listener of listeners) listener();
      },
      onRegisteredSW(_url, registered) {
        registration = registered;
      },
    });
  });
}

/**
 * Installs the service worker when (and once) this browser should have it. A browser that has it
 * already checks for a new version at once (a request for sw.js, nothing more). A first install
 * fetches the whole build (about 600 KB): it waits for the person's first touch, as other work
 * that only helps later does (lib/afterFirstAction.ts), not to take a slow network from the first
 * screen's own files and data.
 */
export function startServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (navigator.serviceWorker.controller) {
    register();
    return;
  }
  let acted = false;
  afterFirstAction(() => {
    acted = true;
    if (isFieldSession(getSession())) register();
  });
  const stop = subscribeToAuth(() => {
    if (!isFieldSession(getSession())) return;
    stop();
    if (acted) register();
  });
}

/** Whether this page was opened by the service worker (it can answer some reads without network). */
export function servedByServiceWorker(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);
}

/**
 * The server runs a newer release than the one the service worker serves: have the browser fetch
 * the new worker now (rather than on its next page load), which then announces itself.
 */
export function checkForNewVersion(): void {
  // Every answer of the new server says so: one look a minute is enough.
  if (!registration || Date.now() - lastCheck < 60_000) return;
  lastCheck = Date.now();
  void registration.update().catch(() => undefined);
}

/** True once a new version is installed and waits for the person's go. */
export function useNewVersionWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => newVersionWaiting,
  );
}

/**
 * Switches to the new version: the waiting worker takes over, and every open page of the app
 * reloads on it (reloadOnNewVersion), never running a mix of both releases.
 */
export function switchToNewVersion(): void {
  void updateServiceWorker?.();
}
