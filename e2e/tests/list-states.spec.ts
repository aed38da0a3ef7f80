import type { Locator, Page, Route } from '@playwright/test';
import { expect, signIn, test } from '../fixtures.ts';

// What a list or a record page shows while it loads and when its load fails.

test.use({ viewport: { width: 1280, height: 800 } });

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/**
 * Clicks Retry, unless the page is already back: another test's change to the same records (other
 * admins' writes reach every admin's tab live) refreshes a failed query on its own, and may do so
 * between the network coming back and the click. Either way the records must show.
 */
async function retryUnlessBack(retry: Locator, back: Locator): Promise<void> {
  await Promise.race([retry.click().catch(() => undefined), back.waitFor()]);
}
const isCall = (pathname: string) => (url: URL) => url.pathname === pathname;

/** Answers the calls of `pathname` with a 500 while `failing()` says so, lets them through after. */
async function failWhile(page: Page, pathname: string, failing: () => boolean) {
  await page.route(isCall(pathname), (route: Route) =>
    failing()
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'INTERNAL', message: 'boom' }),
        })
      : route.fallback(),
  );
}

test('a list whose load fails says so with Retry, never "no result", and Retry shows the rows', async ({
  page,
  axe,
}) => {
  await signIn(page, 'admin');
  let failing = true;
  await failWhile(page, '/api/clients', () => failing);
  await page.goto('/clients');
  await expect(heading(page, 'Clients')).toBeVisible();

  const error = page.getByTestId('list-error');
  await expect(error).toBeVisible();
  await expect(error).toContainText("La liste n'a pas pu être chargée.");
  await expect(error).toContainText('Une erreur est survenue.');
  await expect(page.getByRole('alert').filter({ hasText: 'La liste' })).toBeVisible();
  await expect(page.getByText('Aucun résultat')).toHaveCount(0);
  await expect(page.getByTestId('list-empty')).toHaveCount(0);
  await axe('clients list that failed to load');

  failing = false;
  await retryUnlessBack(
    error.getByRole('button', { name: 'Réessayer' }),
    page.getByRole('row', { name: /Construction Bérubé & Fils/ }),
  );
  await expect(page.getByRole('row', { name: /Construction Bérubé & Fils/ })).toBeVisible();
  await expect(error).toHaveCount(0);
});

test('a list that cannot reach the server says so too', async ({ page }) => {
  await signIn(page, 'admin');
  let offline = true;
  await page.route(isCall('/api/skills'), (route) =>
    offline ? route.abort('internetdisconnected') : route.fallback(),
  );
  await page.goto('/skills');
  // The list tries three times (1 s, then 2 s apart) before it says so: more than the default 10 s on
  // a busy machine.
  await expect(page.getByTestId('list-error')).toContainText('Aucune connection internet', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('list-empty')).toHaveCount(0);
  offline = false;
  await retryUnlessBack(page.getByTestId('list-retry'), page.getByRole('row', { name: /Échafaudage/ }));
  await expect(page.getByRole('row', { name: /Échafaudage/ })).toBeVisible();
});

test('a record page whose load fails offers Retry, which shows the record', async ({ page, axe }) => {
  await signIn(page, 'admin', '/clients');
  await page.getByRole('cell', { name: 'Construction Bérubé & Fils' }).click();
  await expect(heading(page, 'Construction Bérubé & Fils')).toBeVisible();
  const path = new URL(page.url()).pathname;

  let failing = true;
  await failWhile(page, `/api${path}`, () => failing);
  await page.goto(path);
  const error = page.getByTestId('record-error');
  await expect(error).toContainText('Une erreur est survenue.');
  await expect(error.getByRole('link', { name: 'Retour à la liste' })).toBeVisible();
  await axe('client page that failed to load');

  failing = false;
  await retryUnlessBack(
    error.getByRole('button', { name: 'Réessayer' }),
    heading(page, 'Construction Bérubé & Fils'),
  );
  await expect(heading(page, 'Construction Bérubé & Fils')).toBeVisible();
});

test('a record that does not exist offers no Retry', async ({ page }) => {
  await signIn(page, 'admin', '/clients');
  await page.goto('/clients/00000000-0000-4000-8000-000000000000');
  await expect(page.getByTestId('record-error')).toContainText('introuvable');
  await expect(page.getByTestId('record-retry')).toHaveCount(0);
});

test('a list shows placeholder rows, not a spinner, until its first page comes', async ({ page, axe }) => {
  // The admin's home (the overview wall) first, then a held-back list and axe: over 30 s when busy.
  test.setTimeout(60_000);
  await signIn(page, 'admin');
  // The employees' answer is held back until the placeholder has been checked.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(isCall('/api/employees'), async (route) => {
    await released;
    await route.fallback();
  });
  await page.goto('/employees');
  const skeleton = page.getByTestId('list-skeleton');
  await expect(skeleton).toBeVisible();
  await expect(skeleton.getByRole('columnheader', { name: 'Nom' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Chargement…' })).toHaveCount(1);
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  await axe('employees list while it loads');

  release();
  await expect(page.getByRole('row', { name: /E-1\d{4}/ }).first()).toBeVisible();
  await expect(skeleton).toHaveCount(0);
});

test('a list is busy from the first key of a search until the search has answered', async ({ page }) => {
  await signIn(page, 'admin', '/skills');
  const table = page.getByRole('table', { name: 'Compétences' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const searches: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).searchParams.has('q')) searches.push(request.url());
  });
  // Time stands still: the search, sent 250 ms after the last key, waits until it moves again. The
  // rows on screen no longer answer what is typed, and the list says so at once.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.getByTestId('list-search').fill('nacelle');
  await expect(table).toHaveAttribute('aria-busy', 'true');
  expect(searches).toEqual([]);

  await page.clock.resume();
  await expect(table).toHaveAttribute('aria-busy', 'false');
  // One search, for the whole word; the same may come again when another admin's change to the
  // skills reaches this tab live (other tests write them), never one for part of the word.
  expect(searches.length).toBeGreaterThanOrEqual(1);
  expect(new Set(searches.map((url) => new URL(url).searchParams.get('q')))).toEqual(new Set(['nacelle']));
  await expect(table.getByRole('row', { name: /nacelle/i }).first()).toBeVisible();
});
