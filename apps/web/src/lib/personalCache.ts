/**
 * The Cache Storage cache where the service worker keeps a worker's own API answers (their week,
 * the logger's sites, their assignations: see apps/web/vite.config.ts), so the screens they last
 * saw open without network. Named once here: the app deletes it whenever the session changes hands
 * (lib/queryClient.ts), so the next person on the phone never reads the previous one's hours.
 */
export const personalApiCache = 'brigade-personal-api';

/** Forgets every API answer the service worker kept for the signed-in person. */
export function forgetPersonalAnswers(): void {
  if (typeof caches === 'undefined') return;
  void caches.delete(personalApiCache).catch(() => undefined);
}
