import type { APIRequestContext, Page } from '@playwright/test';
import { apiAs } from '../api.ts';
import {
  expect,
  passwordField,
  readOutboxMail,
  readOutboxSms,
  resetLinkIn,
  submitLogin,
  test,
  textField,
  toastWith,
} from '../fixtures.ts';

// Workers sign in on their phone: every screen here is a phone's.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
test.describe.configure({ mode: 'parallel' });

/** A mobile number no other test or run uses: a random exchange (2–9 first) and line. */
function uniquePhone(): { e164: string; typed: string } {
  const random = (digits: number) => String(Math.floor(Math.random() * 10 ** digits)).padStart(digits, '0');
  const exchange = `${2 + Math.floor(Math.random() * 8)}${random(2)}`;
  const line = `${test.info().parallelIndex % 10}${random(3)}`;
  return { e164: `+1438${exchange}${line}`, typed: `438 ${exchange}-${line}` };
}

interface Worker {
  firstName: string;
  email: string | null;
  phone: { e164: string; typed: string } | null;
  /** The invitation link the worker received (by e-mail when they have one and it was asked, else SMS). */
  invitation: string;
}

/** An employee created by the admin through the API, with these ways to reach them; invited. */
async function invitedWorker(
  request: APIRequestContext,
  contact: { email?: boolean; phone?: boolean; language?: 'fr' | 'en'; firstName?: string },
): Promise<Worker> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const email = contact.email ? `terrain.${tag}@demo.brigade.test` : null;
  const phone = contact.phone ? uniquePhone() : null;
  const firstName = contact.firstName ?? 'Maxime';
  const since = Date.now();
  await apiAs(request, 'admin').call('POST /employees', {
    body: {
      employeeNumber: `TER-${tag}`,
      firstName,
      lastName: 'Bouchard',
      email,
      phone: phone?.e164 ?? null,
      language: contact.language ?? 'fr',
      invitationChannel: phone ? 'sms' : 'email',
    },
  });
  const message = phone
    ? (await readOutboxSms(phone.e164, { since })).body
    : (await readOutboxMail(email!, { since })).text;
  return { firstName, email, phone, invitation: resetLinkIn(message) };
}

/** Sets the worker's password through their invitation link, by the API. */
async function setPasswordByApi(request: APIRequestContext, worker: Worker, password: string) {
  const token = worker.invitation.split('/').pop();
  const response = await request.put('/api/forgot-password', {
    headers: { Authorization: `Bearer ${token}` },
    data: { password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function expectSignedInOnTimeEntries(page: Page) {
  await expect(page).toHaveURL('/time-entries');
  await expect(page.getByRole('heading', { level: 1, name: 'Mes heures' })).toBeVisible();
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('brigade.token'));

for (const { mix, contact, signInWith } of [
  { mix: 'an e-mail only', contact: { email: true }, signInWith: 'email' },
  { mix: 'a phone only', contact: { phone: true }, signInWith: 'phone' },
  { mix: 'both an e-mail and a phone', contact: { email: true, phone: true }, signInWith: 'phone' },
] as const) {
  test(`a worker with ${mix} stays signed in across reloads and new tabs`, async ({ page, request, axe }) => {
    const worker = await invitedWorker(request, contact);
    const password = 'Chantier-au-cell-7';
    await setPasswordByApi(request, worker, password);

    await page.goto('/login');
    await submitLogin(page, signInWith === 'email' ? worker.email! : worker.phone!.typed, password);
    await expectSignedInOnTimeEntries(page);
    await axe(`/time-entries, signed in with ${signInWith}`);

    await page.reload();
    await expectSignedInOnTimeEntries(page);
    await expect(page.getByRole('banner')).toContainText(`${worker.firstName} Bouchard`);

    // A new tab, as a reminder SMS's link opens one: the logger, signed in.
    const tab = await page.context().newPage();
    await tab.goto('/time-logger');
    await expect(tab).toHaveURL('/time-logger');
    await expect(tab.getByRole('heading', { level: 1, name: 'Saisie des heures' })).toBeVisible();
    await axe('/time-logger in a new tab');
    await tab.close();
  });
}

test('a worker’s sign-in is renewed as it is used, in every tab, and logging out still ends it', async ({
  page,
  request,
}) => {
  const worker = await invitedWorker(request, { phone: true });
  const password = 'Renouvele-tous-les-jours-3';
  await setPasswordByApi(request, worker, password);
  await page.goto('/login');
  await submitLogin(page, worker.phone!.typed, password);
  await expectSignedInOnTimeEntries(page);
  const first = await storedToken(page);
  const other = await page.context().newPage();
  await other.goto('/time-entries');
  await expectSignedInOnTimeEntries(other);

  // Two days later on the phone, the app is opened again: the sign-in is renewed, once.
  await page.context().clock.setFixedTime(Date.now() + 2 * 24 * 3600_000);
  const refreshes: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/session/refresh') refreshes.push(sent.method());
  });
  const renewal = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/session/refresh');
  await page.reload();
  expect((await renewal).status()).toBe(200);
  await expect.poll(() => storedToken(page)).not.toBe(first);
  const renewed = await storedToken(page);
  await expectSignedInOnTimeEntries(page);
  expect(refreshes).toEqual(['POST']);

  // The other tab took the new token without a reload: its next call carries it.
  const nextCall = other.waitForRequest((sent) =>
    new URL(sent.url()).pathname.startsWith('/api/time-entries'),
  );
  await other.getByRole('button', { name: 'Semaine précédente' }).click();
  expect((await nextCall).headers().authorization).toBe(`Bearer ${renewed}`);

  // Logging out ends the renewed session and the one before it, on this phone's every tab.
  await page.getByRole('banner').getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL('/login');
  await expect(other).toHaveURL(/\/login/);
  for (const token of [first, renewed]) {
    const me = await request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
  }
});

test('an English-speaking worker invited by SMS opens the link in English and lands signed in on their home', async ({
  page,
  axe,
}) => {
  const worker = await invitedWorker(page.request, { phone: true, language: 'en', firstName: 'Kevin' });
  expect(worker.invitation).toBeTruthy();

  await page.goto(worker.invitation);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle(/^New password · Brigade$/);
  await axe('invitation link in English');

  const password = 'Site-in-English-9';
  await passwordField(page, 'New password').fill(password);
  await passwordField(page, 'Confirm password').fill(password);
  await page.getByRole('button', { name: 'Save password' }).click();

  await expect(page).toHaveURL('/time-entries');
  await expect(toastWith(page, 'Password saved. Hello Kevin!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'My hours' })).toBeVisible();
  await axe('/time-entries in English after choosing a password');

  // Signed in for good: a reload keeps the session and the language.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My hours' })).toBeVisible();
});

test('forgot password takes the phone number in the login’s one field, and the link signs in', async ({
  page,
  request,
  axe,
}) => {
  const worker = await invitedWorker(request, { phone: true, firstName: 'Annie' });
  await setPasswordByApi(request, worker, 'Oublie-aussitot-1');
  const phone = worker.phone!;

  await page.goto('/login');
  await textField(page, 'Courriel ou cellulaire').fill(phone.typed);
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  const field = textField(page, 'Courriel ou cellulaire');
  await expect(field).toHaveValue(phone.typed);
  // One field, no channel to choose.
  await expect(page.getByRole('textbox')).toHaveCount(1);
  await expect(page.getByRole('radio', { name: /SMS|Courriel/ })).toHaveCount(0);
  await axe('forgot password on a phone');

  const since = Date.now();
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vérifiez vos messages' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Si un compte correspond à ce numéro');
  await axe('forgot password sent by SMS');

  const link = resetLinkIn((await readOutboxSms(phone.e164, { since })).body);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau mot de passe' })).toBeVisible();
  await passwordField(page, 'Nouveau mot de passe').fill('Retrouve-au-chantier-2');
  await passwordField(page, 'Confirmer le mot de passe').fill('Retrouve-au-chantier-2');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expectSignedInOnTimeEntries(page);
  await expect(toastWith(page, 'Mot de passe enregistré. Bonjour Annie !')).toBeVisible();
});

test('forgot password sends an e-mail to an e-mail typed in the same field, and refuses what is neither', async ({
  page,
  request,
  axe,
}) => {
  const worker = await invitedWorker(request, { email: true, firstName: 'Léa' });
  await page.goto('/forgot-password');
  const field = textField(page, 'Courriel ou cellulaire');

  await field.fill('lea');
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByText('Entrez un courriel ou un numéro de cellulaire valide')).toBeVisible();
  await axe('forgot password, neither an e-mail nor a phone');

  const since = Date.now();
  await field.fill(worker.email!.toUpperCase());
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByRole('status')).toContainText('Si un compte correspond à ce courriel');
  const mail = await readOutboxMail(worker.email!, { since });
  expect(mail.subject).toBe('Brigade — réinitialisation du mot de passe');
});
