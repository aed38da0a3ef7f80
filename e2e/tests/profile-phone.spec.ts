import type { APIRequestContext } from '@playwright/test';
import { apiAs } from '../api.ts';
import { expect, readOutboxSms, resetLinkIn, submitLogin, test, textField } from '../fixtures.ts';
import { localPhone, uniqueMobile } from '../phones.ts';

// Issue 27, point 1: a phone number belongs to one person, proven. A worker who gives themselves a
// new mobile in their profile confirms it with the code sent to it; a co-worker's is refused.

test.use({ viewport: { width: 390, height: 844 } });

/** A worker invited by SMS on their own new mobile, with their password set: signs in by phone. */
async function invitedWorker(request: APIRequestContext, password: string) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const phone = uniqueMobile('438');
  const since = Date.now();
  await apiAs(request, 'admin').call('POST /employees', {
    body: {
      employeeNumber: `PRO-${tag}`,
      firstName: 'Maxime',
      lastName: `Profil ${tag}`,
      phone,
      language: 'fr',
      invitationChannel: 'sms',
    },
  });
  const token = resetLinkIn((await readOutboxSms(phone, { since })).body)
    .split('/')
    .pop();
  const response = await request.put('/api/forgot-password', {
    headers: { Authorization: `Bearer ${token}` },
    data: { password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { phone };
}

test('a worker confirms a new mobile with the code texted to it; a co-worker’s is refused', async ({
  page,
  request,
  axe,
}) => {
  const password = 'Mon-cell-a-moi-27';
  const worker = await invitedWorker(request, password);
  const coworkerPhone = uniqueMobile('438');
  await apiAs(request, 'admin').call('POST /employees', {
    body: {
      employeeNumber: `COL-${Date.now().toString(36)}`,
      firstName: 'Collègue',
      lastName: 'Voisin',
      phone: coworkerPhone,
      invitationChannel: 'none',
    },
  });

  await page.goto('/login');
  await submitLogin(page, localPhone(worker.phone), password);
  await expect(page).toHaveURL('/time-entries');
  await page.getByTestId('profile-link').click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeVisible();
  const mobile = textField(page, /^Cellulaire/);
  await expect(mobile).toHaveValue(localPhone(worker.phone));
  await axe('profile');

  // A co-worker's mobile: refused on the field, nothing sent to it.
  await mobile.fill(localPhone(coworkerPhone));
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText("Ce cellulaire est déjà celui d'une autre personne.")).toBeVisible();
  await expect(mobile).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('phone-confirmation')).toHaveCount(0);
  await axe('profile, mobile refused');

  // A mobile of their own: it waits for the code texted to it; the old one stays until then.
  const newPhone = uniqueMobile('438');
  const since = Date.now();
  await mobile.fill(localPhone(newPhone));
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  const confirmation = page.getByTestId('phone-confirmation');
  await expect(confirmation).toContainText(
    `Un code de 6 chiffres a été envoyé par SMS au ${localPhone(newPhone)}`,
  );
  await expect(confirmation).toContainText(`D'ici là, votre numéro reste le ${localPhone(worker.phone)}.`);
  const sms = await readOutboxSms(newPhone, { since });
  expect(sms.language).toBe('fr');
  const code = /\b(\d{6})\b/.exec(sms.body)?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await page.screenshot({ path: test.info().outputPath('profile-code-390.png'), fullPage: true });
  await axe('profile, code asked');

  const codeField = textField(page, 'Code reçu par SMS');
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await codeField.fill(wrong);
  await page.getByRole('button', { name: 'Confirmer le numéro' }).click();
  await expect(page.getByText("Ce n'est pas le bon code. Il vous reste 4 essais.")).toBeVisible();
  await axe('profile, wrong code');

  await codeField.fill(code);
  await page.getByRole('button', { name: 'Confirmer le numéro' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Votre cellulaire est maintenant le' }),
  ).toContainText(localPhone(newPhone));
  await expect(confirmation).toHaveCount(0);
  await expect(mobile).toHaveValue(localPhone(newPhone));
  await page.screenshot({ path: test.info().outputPath('profile-confirmed-390.png'), fullPage: true });
  await axe('profile, mobile confirmed');
});
