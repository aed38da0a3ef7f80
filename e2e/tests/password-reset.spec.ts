import type { Page } from '@playwright/test';
import {
  accounts,
  demoPassword,
  expect,
  type OutboxQuery,
  passwordField,
  readOutboxMail,
  readOutboxSms,
  resetLinkIn,
  signInWithForm,
  submitLogin,
  test as suiteTest,
  textField,
  toastWith,
} from '../fixtures.ts';
import { type RunningServer, startServer } from '../server.ts';

// These tests change the demo passwords, so they get a server of their own: the other tests, which
// may run at the same time, keep signing in on the suite's server with the usual password.
const test = suiteTest.extend<
  { outbox: (since: number) => OutboxQuery; resetLink: (body: string) => string },
  { resetServer: RunningServer }
>({
  resetServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const server = await startServer('password-reset');
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ resetServer }, use) => {
    await use(resetServer.baseURL);
  },
  outbox: async ({ resetServer }, use) => {
    await use((since) => ({ since, dataDir: resetServer.dataDir }));
  },
  resetLink: async ({ resetServer }, use) => {
    await use((body) => resetLinkIn(body, resetServer.baseURL));
  },
});

/** Requests a reset with an e-mail or a phone on /forgot-password and checks the neutral confirmation. */
async function requestReset(page: Page, channel: 'email' | 'sms', value: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeVisible();
  // One field, as on the login page: what is typed decides the channel.
  await textField(page, 'Courriel ou cellulaire').fill(value);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vérifiez vos messages' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(
    channel === 'email'
      ? 'Si un compte correspond à ce courriel, un lien pour réinitialiser le mot de passe vient d'
      : 'Si un compte correspond à ce numéro, un lien pour réinitialiser le mot de passe vient d',
  );
}

// Each test signs in several times (a slow password hash each) and reads the outbox: on a loaded
// 2-core machine the by-e-mail one took 29.6 s of the default 30.
test.describe.configure({ timeout: 60_000 });

/**
 * Opens a reset link and saves `password` through the change-password form: `role` is then signed
 * in, on their home. Logs them out again, to try passwords on the login form.
 */
async function setNewPassword(page: Page, link: string, password: string, role: 'supervisor' | 'employee') {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau mot de passe' })).toBeVisible();
  await passwordField(page, 'Nouveau mot de passe').fill(password);
  await passwordField(page, 'Confirmer le mot de passe').fill(password);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(
    toastWith(page, `Mot de passe enregistré. Bonjour ${accounts[role].firstName} !`),
  ).toBeVisible();
  await expect(page).toHaveURL(accounts[role].home);
  await page.getByRole('banner').getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL('/login');
}

test('by e-mail: the supervisor gets a link, sets a new password, is signed in, and signs in with it again', async ({
  page,
  outbox,
  resetLink,
  axe,
}) => {
  const { email } = accounts.supervisor;
  const newPassword = 'Nouveau-mot-de-passe-1';
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeVisible();
  await axe('forgot password');

  const since = Date.now();
  await requestReset(page, 'email', email);
  await axe('forgot password, sent');
  const mail = await readOutboxMail(email, outbox(since));
  expect(mail.language).toBe('fr');
  const link = resetLink(mail.text);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau mot de passe' })).toBeVisible();
  await axe('change password');
  await setNewPassword(page, link, newPassword, 'supervisor');

  // The old password no longer works; the new one does.
  await submitLogin(page, email, demoPassword());
  await expect(
    page.getByRole('alert').filter({ hasText: 'Courriel, cellulaire ou mot de passe invalide' }),
  ).toBeVisible();
  await signInWithForm(page, 'supervisor', newPassword);
  await expect(toastWith(page, `Bonjour ${accounts.supervisor.firstName}`)).toBeVisible();

  // The link works once: opened again, it says so before a password is typed.
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Ce lien a déjà servi ou a expiré' }),
  ).toBeVisible();
  await axe('change password, used link');
  await page.getByRole('link', { name: 'Demander un nouveau lien' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await signInWithForm(page, 'supervisor', newPassword);
});

test('by SMS: the employee gets a link by text message, sets a new password, is signed in, and signs in with it again', async ({
  page,
  outbox,
  resetLink,
  axe,
}) => {
  const { email, phone } = accounts.employee;
  const newPassword = 'Texto-nouveau-mdp-3';
  const since = Date.now();
  // Typed the way people write local numbers; the server matches it to +15145550102.
  await requestReset(page, 'sms', '514 555-0102');
  await axe('forgot password by SMS, sent');
  const sms = await readOutboxSms(phone, outbox(since));
  expect(sms.language).toBe('fr');
  const link = resetLink(sms.body);

  await setNewPassword(page, link, newPassword, 'employee');
  await submitLogin(page, email, demoPassword());
  await expect(
    page.getByRole('alert').filter({ hasText: 'Courriel, cellulaire ou mot de passe invalide' }),
  ).toBeVisible();
  await signInWithForm(page, 'employee', newPassword);
  await expect(toastWith(page, `Bonjour ${accounts.employee.firstName}`)).toBeVisible();
});

test('an unknown e-mail gets the same neutral confirmation', async ({ page, axe }) => {
  await requestReset(page, 'email', 'personne.inconnue@demo.brigade.test');
  await axe('forgot password, unknown e-mail');
});

test('a forged reset link shows the invalid-link state', async ({ page, axe }) => {
  await page.goto('/change-password/pas-un-vrai-jeton');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Ce lien a déjà servi ou a expiré' }),
  ).toBeVisible();
  await axe('change password, forged link');
  await page.getByRole('link', { name: 'Demander un nouveau lien' }).click();
  await expect(page).toHaveURL('/forgot-password');
});
