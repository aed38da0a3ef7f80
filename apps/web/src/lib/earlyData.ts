/**
 * The first screen's data, asked for by the page itself (index.html) while the app's code is still
 * on its way, and taken by the app's first call for it (lib/api.ts) instead of asking again.
 *
 * Why: the worker's logger draws once its day's defaults are there, and the app could only ask for
 * them after its 250 KB of code had arrived and run. Lighthouse's slow 4G put that request at the
 * end of the chain before the form's first paint (150 ms after the framework's code); asked for
 * with the page, it is there long before the code.
 */

/** The requests the page starts for `pathname` (signed in as `role`, `today` in Montréal). */
export function firstScreenRequests(pathname: string, search: string, role: string, today: string): string[] {
  // The worker's own logger for today, as app/routes.tsx asks for it (openingTimeEntryDefaultsQuery).
  if ((pathname.replace(/\/+$/, '') || '/') !== '/time-logger' || search || role !== 'employee') return [];
  return [`/api/time-entries/defaults?date=${today}`];
}

/**
 * Runs in the page (app/shell/shell.ts, after the frame's paint): starts `urls` with the session's
 * token and keeps each answer's promise for `takeEarly`. Serialised: uses nothing outside its body.
 */
export function startEarly(urls: readonly string[], token: string, version: string): void {
  const early: Record<string, Promise<Response>> = {};
  for (const url of urls) {
    early[url] = fetch(url, {
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'X-App-Version': version,
        Authorization: `Bearer ${token}`,
      },
      credentials: 'include',
    });
    // A failure is the app's to see (it asks again): not an unhandled rejection meanwhile.
    early[url].catch(() => undefined);
  }
  (window as unknown as { brigadeEarly?: typeof early }).brigadeEarly = early;
}

/**
 * The answer the page already asked for at `url`, once: undefined when it did not, or when it was
 * taken already (a later call asks the server again, as any other).
 */
export function takeEarly(url: string): Promise<Response> | undefined {
  const early = (window as unknown as { brigadeEarly?: Record<string, Promise<Response>> }).brigadeEarly;
  const answer = early?.[url];
  if (answer && early) delete early[url];
  return answer;
}
