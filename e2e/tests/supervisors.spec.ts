import type { Page } from '@playwright/test';
import {
  confirmDeleteWithoutRefetch,
  expect,
  expectFitsWidth,
  passwordField,
  readOutboxMail,
  resetLinkIn,
  signIn,
  submitLogin,
  test,
  textField,
  toastWith,
} from '../fixtures.ts';
import { localPhone, uniqueMobile } from '../phones.ts';

/** The demo client the demo supervisor works for (seedClients / seedSupervisors). */
const clientName = 'Construction Bérubé & Fils';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function chooseClient(page: Page, name: string) {
  const select = page.getByRole('combobox', { name: 'Client' });
  await select.click();
  await select.fill(name.slice(0, 12));
  await page.getByRole('option', { name }).click();
}

/** Fills the create form and saves; returns to the new supervisor's detail page. */
async function createSupervisor(
  page: Page,
  person: { firstName: string; lastName: string; email: string; phone?: string },
  channel: 'courriel' | 'texto' | 'none' = 'courriel',
) {
  await page.goto('/supervisor/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau superviseur' })).toBeVisible();
  await textField(page, /^Prénom$/).fill(person.firstName);
  await textField(page, /^Nom$/).fill(person.lastName);
  await textField(page, /^Courriel$/).fill(person.email);
  if (person.phone) await textField(page, /^Cellulaire$/).fill(person.phone);
  await chooseClient(page, clientName);
  if (channel === 'none') await page.getByLabel("Ne pas envoyer d'invitation pour l'instant").check();
  else await page.getByLabel(`Envoyer l'invitation par ${channel}`).check();
  await page.getByTestId('form-save').click();
  await expect(toastWith(page, 'Superviseur créé.')).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 1, name: `${person.firstName} ${person.lastName}` }),
  ).toBeVisible();
}

test.describe('supervisors at desktop size', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test.describe.configure({ timeout: 90_000 });

  test('create with an e-mail invitation; the link sets a password and the supervisor signs in', async ({
    page,
    axe,
  }) => {
    const tag = unique();
    const email = `rejeanne.${tag}@berube.test`;
    await signIn(page, 'admin', '/supervisor/create');
    await axe('supervisor create');

    // Bad input is refused beside the field and keeps what was typed.
    await textField(page, /^Prénom$/).fill('Réjeanne');
    await textField(page, /^Courriel$/).fill('pas-un-courriel');
    await page.getByTestId('form-save').click();
    await expect(page.getByText('Courriel invalide')).toBeVisible();
    await expect(textField(page, /^Prénom$/)).toHaveValue('Réjeanne');

    const mobile = uniqueMobile('514');
    const since = Date.now();
    await createSupervisor(page, {
      firstName: 'Réjeanne',
      lastName: `Thériault ${tag}`,
      email,
      phone: localPhone(mobile),
    });
    await expect(page.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    await expect(page.getByRole('link', { name: localPhone(mobile) })).toHaveAttribute(
      'href',
      `tel:${mobile}`,
    );
    await expect(page.getByRole('link', { name: clientName })).toHaveAttribute('href', /\/clients\//);
    await axe('supervisor detail');

    // A second supervisor with the same e-mail (other case) is refused beside the field.
    await page.goto('/supervisor/create');
    await textField(page, /^Prénom$/).fill('Autre');
    await textField(page, /^Nom$/).fill('Personne');
    await textField(page, /^Courriel$/).fill(email.toUpperCase());
    await chooseClient(page, clientName);
    await page.getByTestId('form-save').click();
    await expect(page.getByText('Ce courriel est déjà utilisé.')).toBeVisible();

    const mail = await readOutboxMail(email, { since });
    expect(mail.language).toBe('fr');
    expect(mail.subject).toBe('Bienvenue dans Brigade');
    const link = resetLinkIn(mail.text);
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choisissez votre mot de passe' }),
    ).toBeVisible();
    const password = 'Chantier-Berube-2025';
    await passwordField(page, 'Nouveau mot de passe').fill(password);
    await passwordField(page, 'Confirmer le mot de passe').fill(password);
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    // The invitation signs the new supervisor in (issue 25); the password then works at the login.
    await expect(page).toHaveURL('/dashboard-supervisor');
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await submitLogin(page, email, password);
    await expect(page).toHaveURL('/dashboard-supervisor');
  });

  test('search (accents), filter, sort, open, edit, resend the invitation, delete', async ({ page, axe }) => {
    const tag = unique();
    await signIn(page, 'admin');
    await createSupervisor(page, {
      firstName: 'Hélène',
      lastName: `Lévesque-${tag}`,
      email: `helene.${tag}@berube.test`,
    });

    await page.goto('/supervisor');
    await expect(page.getByRole('heading', { level: 1, name: 'Superviseurs' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Superviseurs' })).toBeVisible();
    await axe('supervisors list');
    await page.getByTestId('list-search').fill(`helene levesque-${tag}`);
    await expect(page).toHaveURL(/q=helene/);
    const row = page.getByRole('row').filter({ hasText: `Lévesque-${tag}, Hélène` });
    await expect(row).toBeVisible();
    await expect(row).toContainText(clientName);
    await expect(page.getByRole('row')).toHaveCount(2);
    // The archived filter (kept in the URL) does not show them.
    await page.goto(`/supervisor?q=${encodeURIComponent(`helene levesque-${tag}`)}&active=false`);
    await expect(page.getByRole('combobox', { name: 'Statut' })).toHaveValue('Archivés');
    await expect(page.getByText('Aucun résultat')).toBeVisible();
    await page.goto(`/supervisor?q=${encodeURIComponent(`helene levesque-${tag}`)}`);
    await row.click();
    await expect(page).toHaveURL(/\/supervisor\/[0-9a-f-]{36}$/);

    // Edit: the phone is kept in E.164 and shown formatted.
    await page.getByRole('link', { name: 'Modifier' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Modifier le superviseur' })).toBeVisible();
    await expect(textField(page, /^Prénom$/)).toHaveValue('Hélène');
    await axe('supervisor edit');
    await textField(page, /^Cellulaire$/).fill('438 555-0142');
    await page.getByTestId('form-save').click();
    await expect(toastWith(page, 'Modifications enregistrées.')).toBeVisible();
    await expect(page.getByRole('link', { name: '438 555-0142' })).toBeVisible();

    // Resend the invitation by text message.
    await page.getByRole('button', { name: "Renvoyer l'invitation" }).click();
    await page.getByRole('menuitem', { name: 'Par texto' }).click();
    await page.getByTestId('confirm-action').click();
    await expect(toastWith(page, 'Invitation envoyée par texto.')).toBeVisible();
    await expect(page.getByText(/Par texto, le/)).toBeVisible();

    // On no site: deleted for good, after a confirmation.
    await page.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('Supprimer ce superviseur ?')).toBeVisible();
    // The deleted supervisor's page is not fetched again: no "not found" toast after "deleted".
    await confirmDeleteWithoutRefetch(page, '/api/supervisors');
    await expect(toastWith(page, 'Élément supprimé.')).toBeVisible();
    await expect(page).toHaveURL('/supervisor');
  });

  test('a supervisor may not open the supervisors list', async ({ page }) => {
    await signIn(page, 'supervisor', '/supervisor');
    await expect(page).toHaveURL('/dashboard-supervisor');
  });
});

test.describe('supervisors on a phone (360x740)', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test.describe.configure({ timeout: 90_000 });

  test('create without invitation, find it in the list and open it', async ({ page, axe }) => {
    const tag = unique();
    await signIn(page, 'admin');
    await createSupervisor(
      page,
      {
        firstName: 'Michael',
        lastName: `O'Brien ${tag}`,
        email: `mobrien.${tag}@berube.test`,
        phone: '819 555-0123',
      },
      'none',
    );
    await axe('supervisor detail, phone');
    await page.goto(`/supervisor?q=${encodeURIComponent(`michael ${tag}`)}`);
    await expect(page.getByTestId('list-search')).toHaveValue(`michael ${tag}`);
    const card = page.getByTestId('list-card').filter({ hasText: `O'Brien ${tag}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText(clientName);
    await axe('supervisors list, phone');
    await card.getByRole('link', { name: new RegExp(`O'Brien ${tag}`) }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Michael O'Brien ${tag}` })).toBeVisible();
    await expectFitsWidth(page, 360);
  });
});
