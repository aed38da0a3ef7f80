import { accounts, demoPassword, expect, submitLogin, test, toastWith } from '../fixtures.ts';

test('a wrong password shows the translated invalid-credentials message', async ({ page, axe }) => {
  await page.goto('/login');
  await submitLogin(page, accounts.admin.email, 'pas-le-bon-mot-de-passe');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Courriel ou mot de passe invalide' }),
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
