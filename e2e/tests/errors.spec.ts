import type { Page } from '@playwright/test';
import {
  accounts,
  demoPassword,
  expect,
  liveConnected,
  signIn,
  signInWithForm,
  submitLogin,
  test,
  toastWith,
} from '../fixtures.ts';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });
const apiCallTo = (pathname: string) => (request: { url: () => string }) =>
  new URL(request.url()).pathname === pathname;

test('a wrong password shows the translated invalid-credentials message', async ({ page, axe }) => {
  await page.goto('/login');
  await submitLogin(page, accounts.admin.email, 'pas-le-bon-mot-de-passe');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Courriel, cellulaire ou mot de passe invalide' }),
  ).toBeVisible();
  await expect(page).toHaveURL('/login');
  await axe('login with an error');
});

test('submitting while offline shows "Aucune connection internet"', async ({ page, context, axe }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await context.setOffline(true);
  await submitLogin(page, accounts.admin.email, demoPassword());
  await expect(page.getByRole('alert').filter({ hasText: 'Aucune connection internet' })).toBeVisible();
  await expect(page).toHaveURL('/login');
  await axe('login offline');

  // Back online, the same form signs in.
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(accounts.admin.home);
});

test('a connection lost during the request shows "Aucune connection internet"', async ({ page, axe }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  // The browser still believes it is online; the request itself fails at the network level.
  await page.route('**/api/login', (route) => route.abort('internetdisconnected'));
  await submitLogin(page, accounts.admin.email, demoPassword());
  await expect(toastWith(page, 'Aucune connection internet')).toBeVisible();
  await expect(page).toHaveURL('/login');
  await axe('login after a lost connection');

  await page.unroute('**/api/login');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(accounts.admin.home);
});

// The toast container is a lazy chunk; when it cannot be fetched the message still shows, plainly.
test('a first toast while the connection is lost keeps the page and shows the message', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await page.route('**/api/login', (route) => route.abort('internetdisconnected'));
  await page.route('**/assets/NotificationsHost-*.js', (route) => route.abort('internetdisconnected'));
  await submitLogin(page, accounts.admin.email, demoPassword());
  await expect(page.getByText('Aucune connection internet')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
});

test('an invalid magic link shows the error state with a way back to login', async ({ page, axe }) => {
  await page.goto('/magic-link-login/ce-lien-est-invalide-0123456789abcdef');
  await expect(page.getByRole('heading', { level: 1, name: 'Lien invalide' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Ce lien de connexion est invalide ou a expiré.');
  await axe('invalid magic link');
  await page.getByRole('link', { name: 'Aller à la connexion' }).click();
  await expect(page).toHaveURL('/login');
});

test('a session ended on the server sends the user to /login at the next call, with nothing of it kept', async ({
  page,
  request,
  axe,
}) => {
  // A session of its own: this test revokes it. The live connection's catch-up call comes first: it
  // would otherwise be the call refused, sending the user to /login from the clients list.
  const live = liveConnected(page);
  await signInWithForm(page, 'admin');
  const listed = page.waitForResponse(apiCallTo('/api/clients'));
  await menu(page).getByRole('link', { name: 'Clients', exact: true }).click();
  expect((await listed).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();

  await live;

  // The same token is revoked from outside the page (another device logging out, an admin…).
  const token = await page.evaluate(() => localStorage.getItem('brigade.token'));
  const revoked = await request.get('/api/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(revoked.status()).toBe(204);

  // The click fetches the list and refreshes the menu's badges at once: whichever is refused first
  // signs the user out and cancels the others, so the test waits for the first refusal, not for one
  // call's (the supervisors list may never be answered).
  const refused = page.waitForResponse(
    (response) => new URL(response.url()).pathname.startsWith('/api/') && response.status() === 401,
  );
  // The next call may also be a refresh that another admin's change (another test's write) brought
  // to this tab live, before the click: refused all the same, it signs the user out from the list.
  await Promise.race([
    menu(page)
      .getByRole('link', { name: 'Superviseurs', exact: true })
      .click()
      .catch(() => undefined),
    refused,
  ]);
  await refused;
  await expect(page).toHaveURL(/^[^?]*\/login\?redirect=%2F(supervisor|clients)$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('brigade.token'))).toBeNull();
  await axe('login after the session was revoked');

  // Signed in again, the clients list is fetched anew: the previous session's cached copy (fresh for
  // 30 s) is gone.
  await submitLogin(page, accounts.admin.email, demoPassword());
  await expect(page).toHaveURL('/supervisor');
  const refetched = page.waitForRequest(apiCallTo('/api/clients'));
  await menu(page).getByRole('link', { name: 'Clients', exact: true }).click();
  await refetched;
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
});

test('the app reloads itself once when the server runs a newer version', async ({ page, axe }) => {
  await signIn(page, 'admin');
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  let loads = 0;
  page.on('load', () => loads++);

  // From the click on, every API answer says the server runs 99.0.0. Not before: the home page is
  // live (another test's SMS or assignation refreshes its badges and wall), and an answer to one of
  // its calls would reload the home page instead.
  // The reload this test causes cancels the page's calls in flight: their answers are disposed
  // before they can be passed on, which is no failure of the app (the reloaded page asks again).
  await page.route('**/api/**', async (route) => {
    try {
      const response = await route.fetch();
      const fromHome = new URL(page.url()).pathname === '/overview';
      await route.fulfill({
        response,
        headers: fromHome ? response.headers() : { ...response.headers(), 'x-app-version': '99.0.0' },
      });
    } catch (error) {
      if (!String(error).includes('disposed')) throw error;
    }
  });
  await menu(page).getByRole('link', { name: 'Clients', exact: true }).click();
  await expect.poll(() => loads).toBe(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    undefined,
  );
  expect(await page.evaluate(() => sessionStorage.getItem('brigade.reloadedForVersion'))).toBe('99.0.0');
  await axe('clients after reloading for a new version');

  // The server keeps saying 99.0.0 (a stale bundle cached somewhere): no reload loop.
  const answered = page.waitForResponse(apiCallTo('/api/supervisors'));
  await menu(page).getByRole('link', { name: 'Superviseurs', exact: true }).click();
  await answered;
  await expect(page.getByRole('heading', { level: 1, name: 'Superviseurs' })).toBeVisible();
  expect(loads).toBe(1);
  // Calls still in flight when the test ends are not passed on.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
