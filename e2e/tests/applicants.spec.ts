import { apiAs } from '../api.ts';
import { expect, expectFitsWidth, readOutboxSms, signIn, test, toastWith } from '../fixtures.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let phoneCounter = Math.floor(Math.random() * 4000);
/** A mobile number no demo person has. */
const newPhone = () => `+1873556${String(1000 + (phoneCounter++ % 8999)).padStart(4, '0')}`;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

test.describe('recruiting at desktop size', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.describe.configure({ timeout: 90_000 });

  test('move an applicant on the board, attach a CV, hire them: an invited employee linked both ways', async ({
    page,
    request,
    axe,
  }) => {
    const tag = unique();
    const phone = newPhone();
    const applicant = await apiAs(request, 'admin').call('POST /applicants', {
      body: { firstName: 'Rosalie', lastName: `Bouchard ${tag}`, phone, language: 'fr', city: 'Lévis' },
    });
    await signIn(page, 'admin', '/applicants');
    await expect(page.getByTestId('applicant-board')).toBeVisible();
    // The new applicant may already show before the search's answer (the board's first page): the
    // checks below read the board once it has answered.
    const searched = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/applicants' &&
        new URL(response.url()).searchParams.get('q') === tag,
    );
    await page.getByRole('searchbox').fill(tag);
    await searched;
    const newColumn = page.locator('[data-status="new"]');
    await expect(newColumn.getByText(`Rosalie Bouchard ${tag}`)).toBeVisible();
    await axe('recruiting board');
    await page.getByRole('button', { name: `Déplacer Rosalie Bouchard ${tag}` }).click();
    await page.getByRole('menuitem', { name: 'Contacté' }).click();
    await expect(toastWith(page, `Rosalie Bouchard ${tag} : Contacté.`)).toBeVisible();
    await expect(
      page.locator('[data-status="contacted"]').getByText(`Rosalie Bouchard ${tag}`),
    ).toBeVisible();

    await page.getByRole('link', { name: `Rosalie Bouchard ${tag}` }).click();
    await expect(page).toHaveURL(new RegExp(`/applicants/${applicant.id}$`));
    await expect(page.getByTestId('applicant-history')).toContainText('Nouveau → Contacté');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'CV Rosalie.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(toastWith(page, 'CV enregistré.')).toBeVisible();
    await expect(page.getByTestId('applicant-cv-name')).toHaveText('CV Rosalie.pdf');
    // A file that is not a PDF or an image is refused, whatever its name.
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'faux.pdf', mimeType: 'application/pdf', buffer: Buffer.from('bonjour') });
    await expect(toastWith(page, 'Le CV doit être un PDF ou une image')).toBeVisible();
    await expect(page.getByTestId('applicant-cv-name')).toHaveText('CV Rosalie.pdf');
    await axe('applicant page');

    // Their Applicants conversation, from their page: a reply goes to their mobile.
    await page.getByTestId('applicant-sms').click();
    await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
    await page.getByTestId('reply-text').fill(`Entrevue mardi 10 h ${tag}`);
    await page.getByTestId('reply-send').click();
    expect((await readOutboxSms(phone)).body).toBe(`Entrevue mardi 10 h ${tag}`);
    await page.getByRole('link', { name: 'Voir la fiche' }).click();
    await expect(page).toHaveURL(new RegExp(`/applicants/${applicant.id}$`));

    const beforeHire = Date.now();
    await page.getByTestId('applicant-hire').click();
    const number = page.getByTestId('hire-number');
    await expect(number).toHaveValue(/^E-\d+$/);
    await axe('hire dialog');
    await page.getByTestId('hire-confirm').click();
    await expect(toastWith(page, `Rosalie Bouchard ${tag} est maintenant un employé.`)).toBeVisible();
    await expect(page.getByTestId('applicant-status')).toHaveText('Embauché');
    const sms = await readOutboxSms(phone, { since: beforeHire });
    expect(sms.body).toContain('/change-password/');

    await page.getByTestId('hired-employee').click();
    await expect(page.getByRole('heading', { level: 1, name: `Rosalie Bouchard ${tag}` })).toBeVisible();
    await page.getByRole('link', { name: 'Voir la candidature' }).click();
    await expect(page).toHaveURL(new RegExp(`/applicants/${applicant.id}$`));
  });
});

test.describe('recruiting on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
  test.describe.configure({ timeout: 90_000 });

  test('record an applicant with a malformed card refused, then hire them', async ({ page, axe }) => {
    const tag = unique();
    await signIn(page, 'admin', '/applicants');
    // A phone shows the list, not the board.
    await expect(page.getByTestId('applicant-board')).toHaveCount(0);
    await page.getByTestId('list-create').click();
    await page.getByRole('textbox', { name: 'Prénom' }).fill('Kevin');
    await page.getByRole('textbox', { name: 'Nom de famille' }).fill(`Ouellet ${tag}`);
    await page.getByRole('textbox', { name: 'Cellulaire' }).fill(newPhone().slice(2));
    await page.getByRole('textbox', { name: 'Numéro de carte CCQ' }).fill('12-AB');
    await page.getByTestId('form-save').click();
    await expect(page.getByText('Numéro de carte CCQ invalide (6 à 12 chiffres).')).toBeVisible();
    await axe('applicant form on a phone');
    await expectFitsWidth(page, 375);
    await page.getByRole('textbox', { name: 'Numéro de carte CCQ' }).fill('123 456 789');
    await page.getByTestId('form-save').click();
    await expect(toastWith(page, 'Candidat enregistré.')).toBeVisible();
    await expect(page.getByText('123456789')).toBeVisible();
    await expectFitsWidth(page, 375);

    await page.getByTestId('applicant-hire').click();
    await page.getByRole('radio', { name: 'Pas maintenant' }).check({ force: true });
    await page.getByTestId('hire-confirm').click();
    await expect(page.getByTestId('applicant-status')).toHaveText('Embauché');
    await axe('hired applicant on a phone');
  });
});
