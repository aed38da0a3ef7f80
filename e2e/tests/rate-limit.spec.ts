import type { Page } from '@playwright/test';
import { accounts, expect, submitLogin, test, textField } from '../fixtures.ts';
import { type RunningServer, startServer } from '../server.ts';

// A server of its own with low limits: the main one raises them so the suite can sign in freely.
let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startServer('rate-limit', { LOGIN_RATE_LIMIT: '3', FORGOT_PASSWORD_RATE_LIMIT: '2' });
});

test.afterAll(async () => {
  await server?.stop();
});

/** Submits the login form and returns the status the server answered. */
async function attemptLogin(page: Page, password: string): Promise<number> {
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/login'));
  await submitLogin(page, accounts.admin.email, password);
  return (await answer).status();
}

test('too many sign-in attempts are refused with a translated message', async ({ page, axe }) => {
  await page.goto(`${server.baseURL}/login`);
  for (let attempt = 1; attempt <= 3; attempt++) {
    expect(await attemptLogin(page, `mauvais-${attempt}`)).toBe(401);
    await expect(page.getByRole('alert')).toHaveText('Courriel, cellulaire ou mot de passe invalide');
  }
  expect(await attemptLogin(page, 'mauvais-4')).toBe(429);
  await expect(page.getByRole('alert')).toHaveText('Trop de tentatives, réessayez dans quelques minutes');
  await expect(page).toHaveURL(`${server.baseURL}/login`);
  await axe('login, too many attempts');
});

test('too many reset requests are refused with a translated message', async ({ page }) => {
  for (let request = 1; request <= 2; request++) {
    await page.goto(`${server.baseURL}/forgot-password`);
    await textField(page, 'Courriel ou cellulaire').fill(`personne${request}@demo.brigade.test`);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Vérifiez vos messages' })).toBeVisible();
  }
  await page.goto(`${server.baseURL}/forgot-password`);
  await textField(page, 'Courriel ou cellulaire').fill('personne3@demo.brigade.test');
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByRole('alert')).toHaveText('Trop de tentatives, réessayez dans quelques minutes');
  await expect(page.getByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeVisible();
});
