import type { APIRequestContext } from '@playwright/test';
import {
  accounts,
  demoPassword,
  expect,
  expectFitsWidth,
  passwordField,
  readOutboxSms,
  resetLinkIn,
  submitLogin,
  test,
  textField,
  toastWith,
} from '../fixtures.ts';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('on a phone the login page is usable and the employee lands on the time entries', async ({
  page,
  axe,
}) => {
  await page.goto('/login');
  const identifier = textField(page, 'Courriel ou cellulaire');
  const password = passwordField(page, 'Mot de passe');
  const submit = page.getByRole('button', { name: 'Se connecter' });
  for (const control of [identifier, password, submit]) await expect(control).toBeInViewport();
  await expect(identifier).toHaveAttribute('autocomplete', 'username');
  // Nothing wider than the screen.
  await expectFitsWidth(page, 360);
  await axe('login on a phone');

  await submitLogin(page, accounts.employee.email, demoPassword());
  await expect(page).toHaveURL('/time-entries');
  await expect(toastWith(page, `Bonjour ${accounts.employee.firstName}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Mes heures' })).toBeInViewport();
  await expectFitsWidth(page, 360);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await axe('/time-entries on a phone');
});

/** Creates, as the demo admin, an employee with a mobile phone and no e-mail, invited by SMS. */
async function createPhoneOnlyEmployee(request: APIRequestContext, phone: string, firstName: string) {
  const signIn = await request.post('/api/login', {
    data: { email: accounts.admin.email, password: demoPassword() },
  });
  expect(signIn.status()).toBe(200);
  const { token } = (await signIn.json()) as { token: string };
  const created = await request.post('/api/employees', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      employeeNumber: `TEL-${Date.now()}`,
      firstName,
      lastName: 'Bouchard',
      phone,
      invitationChannel: 'sms',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  expect(await created.json()).toMatchObject({ invitation: { channel: 'sms' } });
}

test('an employee without e-mail sets a password from the SMS invitation, is signed in, and signs in again with the phone', async ({
  page,
  request,
  axe,
}) => {
  // A number of its own, so that reruns against the same server and parallel workers never share
  // it: a random exchange (2–9 first, as in any North American number) and line, the line starting
  // with the worker's index.
  const random = (digits: number) => String(Math.floor(Math.random() * 10 ** digits)).padStart(digits, '0');
  const exchange = `${2 + Math.floor(Math.random() * 8)}${random(2)}`;
  const line = `${test.info().parallelIndex % 10}${random(3)}`;
  const phone = `+1438${exchange}${line}`;
  const typed = `438 ${exchange}-${line}`;
  const firstName = 'Maxime';
  const since = Date.now();
  await createPhoneOnlyEmployee(request, phone, firstName);

  const sms = await readOutboxSms(phone, { since });
  const link = resetLinkIn(sms.body);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choisissez votre mot de passe' })).toBeVisible();
  await axe('invitation link on a phone');
  const password = 'Chantier-au-cell-7';
  await passwordField(page, 'Nouveau mot de passe').fill(password);
  await passwordField(page, 'Confirmer le mot de passe').fill(password);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  // Signed in at once, on their home.
  await expect(toastWith(page, `Mot de passe enregistré. Bonjour ${firstName} !`)).toBeVisible();
  await expect(page).toHaveURL('/time-entries');
  await page.getByRole('banner').getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL('/login');

  // Something that is neither an e-mail nor a phone number is refused beside the field.
  await submitLogin(page, 'maxime', password);
  await expect(page.getByText('Entrez un courriel ou un numéro de cellulaire valide')).toBeVisible();
  await axe('login with an invalid identifier on a phone');

  // A wrong password names both ways of signing in.
  await submitLogin(page, typed, 'pas-le-bon-mot-de-passe');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Courriel, cellulaire ou mot de passe invalide' }),
  ).toBeVisible();

  // "Forgot password" starts from the number typed, in the same one field.
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expect(textField(page, 'Courriel ou cellulaire')).toHaveValue(typed);
  await axe('forgot password by SMS on a phone');
  await page.goBack();

  await submitLogin(page, typed, password);
  await expect(page).toHaveURL('/time-entries');
  await expect(toastWith(page, `Bonjour ${firstName}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Mes heures' })).toBeInViewport();
  await expect(page.getByRole('banner')).toContainText(`${firstName} Bouchard`);
  await axe('/time-entries of an employee signed in by phone');
});
