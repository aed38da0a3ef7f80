import type { Page } from '@playwright/test';
import { demoPassword, expect, languageAdmin, submitLogin, test, toastWith } from '../fixtures.ts';

// A dedicated admin (ADMIN_EMAIL in global-setup.ts): its saved language cannot leak into other tests.
const { email } = languageAdmin;

const menu = (page: Page) => page.getByRole('navigation');

async function pickLanguage(page: Page, label: 'FR' | 'EN', language: 'fr' | 'en') {
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/users/me') && response.request().method() === 'PUT',
  );
  await page.getByRole('banner').getByRole('radio', { name: label }).check();
  const response = await saved;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toMatchObject({ language });
}

test('French by default; English applies at once, is saved to the user and kept', async ({
  page,
  browser,
  request,
  axe,
}) => {
  // Several pages and axe runs: more than the default 30 s when the machine is busy.
  test.setTimeout(60_000);
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await expect(page).toHaveTitle('Connexion · Brigade');

  await submitLogin(page, email, demoPassword());
  await expect(page).toHaveURL('/overview');
  await menu(page).getByRole('link', { name: 'Commandes' }).click();
  await expect(page).toHaveTitle('Commandes · Brigade');
  await expect(page.getByRole('heading', { level: 1, name: 'Commandes' })).toBeVisible();

  // A marker that a reload would wipe out.
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await pickLanguage(page, 'EN', 'en');
  await expect(menu(page).getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Commandes' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page).toHaveTitle('Orders · Brigade');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
  await axe('orders in English');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Timesheets' })).toBeVisible();

  // Saved on the server, not only on this device.
  const token = await page.evaluate(() => localStorage.getItem('brigade.token'));
  const me = await request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email, language: 'en' });

  // Another browser: the public page is French, the interface turns English once signed in.
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await otherPage.goto('/login');
    await expect(otherPage.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    // Looked for from the submit on: the greeting stays 3 s, and the home page may take longer.
    const greeted = expect(toastWith(otherPage, `Hello ${languageAdmin.firstName}`)).toBeVisible();
    await submitLogin(otherPage, email, demoPassword());
    await greeted;
    await expect(otherPage).toHaveURL('/overview');
    await expect(menu(otherPage).getByRole('link', { name: 'Orders' })).toBeVisible();
    await expect(otherPage.locator('html')).toHaveAttribute('lang', 'en');
  } finally {
    await other.close();
  }

  // And back to French, saved the same way.
  await pickLanguage(page, 'FR', 'fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Commandes' })).toBeVisible();
  await expect(page).toHaveTitle('Commandes · Brigade');
});

test('the language picked on the login page is used before signing in', async ({ page, axe }) => {
  await page.goto('/login');
  await page.getByRole('banner').getByRole('radio', { name: 'EN' }).check();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email or mobile phone' })).toBeVisible();
  await expect(page).toHaveTitle('Sign in · Brigade');
  await axe('login in English');
  await submitLogin(page, 'personne@demo.brigade.test', 'pas-le-bon');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid email, mobile phone or password' }),
  ).toBeVisible();
});
