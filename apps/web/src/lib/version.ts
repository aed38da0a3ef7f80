import { checkForNewVersion, servedByServiceWorker } from './serviceWorker.ts';

export const appVersion: string = __APP_VERSION__;

/** Compares two "x.y.z" versions (pre-release suffixes ignored): negative, zero or positive. */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) =>
    v
      .trim()
      .replace(/^v/, '')
      .split('-')[0]!
      .split('.')
      .map((part) => Number.parseInt(part, 10) || 0);
  const left = parse(a);
  const right = parse(b);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

const reloadKey = 'brigade.reloadedForVersion';

/**
 * The server runs a newer release than this bundle: reload once to pick it up. The version we
 * reloaded for is remembered for the tab so a server that keeps answering a newer version (e.g. a
 * stale CDN copy of the app) cannot cause a reload loop. A page the service worker opened would
 * reload into the same release (the worker serves the one it has): the worker fetches the new one
 * instead, and the page announces it ("Nouvelle version — recharger").
 */
export function reloadIfServerIsNewer(serverVersion: string | null): void {
  if (!serverVersion || compareVersions(serverVersion, appVersion) <= 0) return;
  if (servedByServiceWorker()) {
    checkForNewVersion();
    return;
  }
  try {
    if (sessionStorage.getItem(reloadKey) === serverVersion) return;
    sessionStorage.setItem(reloadKey, serverVersion);
  } catch {
    return;
  }
  window.location.reload();
}
