import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiAs } from '../api.ts';
import { unique } from '../crew.ts';
import { accounts, expect, expectFitsWidth, signIn, test, toastWith } from '../fixtures.ts';

/** The person in charge every test of this file names (the same, so that they may run side by side). */
const officer = {
  name: 'Julie Tremblay',
  title: 'Directrice des opérations',
  email: 'vie.privee@e2e.brigade.test',
  phone: '514 555-0199',
};

async function pickLanguage(page: Page, label: 'FR' | 'EN') {
  await page.getByRole('banner').getByRole('radio', { name: label }).check();
}

test.describe('privacy (Law 25)', () => {
  test.describe.configure({ mode: 'parallel' });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the login page links to the privacy policy naming the person in charge, in French and in English', async ({
      page,
      request,
      axe,
    }) => {
      await apiAs(request, 'admin').call('PUT /privacy-officer', { body: officer });
      await page.goto('/login');
      await page.getByRole('link', { name: 'Politique de confidentialité' }).click();
      await expect(page).toHaveURL('/privacy');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' }),
      ).toBeVisible();
      const contact = page.getByTestId('privacy-officer');
      await expect(
        contact.getByRole('heading', { name: 'Responsable de la protection des renseignements personnels' }),
      ).toBeVisible();
      await expect(contact).toContainText('Julie Tremblay');
      await expect(contact).toContainText('Directrice des opérations');
      await expect(contact.getByRole('link', { name: officer.email })).toHaveAttribute(
        'href',
        `mailto:${officer.email}`,
      );
      await expect(contact.getByRole('link', { name: '514 555-0199' })).toBeVisible();
      for (const heading of ['Ce que nous recueillons', 'Combien de temps nous les gardons', 'Vos droits']) {
        await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      }
      await expect(page.getByText("Commission d'accès à l'information du Québec")).toBeVisible();
      await expect(page.getByText('24 mois')).toBeVisible();
      await expectFitsWidth(page, 390);
      await axe('privacy policy in French, on a phone');

      await pickLanguage(page, 'EN');
      await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
      await expect(
        contact.getByRole('heading', { name: 'Person in charge of the protection of personal information' }),
      ).toBeVisible();
      await expect(contact).toContainText('Julie Tremblay');
      await expect(page.getByRole('heading', { level: 2, name: 'Your rights' })).toBeVisible();
      await expectFitsWidth(page, 390);
      await axe('privacy policy in English, on a phone');

      // The other public pages link to it too.
      await page.goto('/forgot-password');
      await expect(page.getByRole('link', { name: 'Privacy policy' })).toBeVisible();
      await pickLanguage(page, 'FR');
    });
  });

  test.describe('at the office', () => {
    test.use({ viewport: { width: 1440, height: 900 } });

    test('the admin names the person in charge, records an incident, finds it in the register and reads the export back', async ({
      page,
      axe,
    }) => {
      test.setTimeout(90_000);
      await signIn(page, 'admin', '/privacy-officer');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Responsable des renseignements personnels' }),
      ).toBeVisible();
      const officerForm = page.getByTestId('privacy-officer-form');
      await officerForm.getByRole('textbox', { name: /^Nom/ }).fill(officer.name);
      await officerForm.getByRole('textbox', { name: /^Titre ou fonction/ }).fill(officer.title);
      await officerForm.getByRole('textbox', { name: /^Courriel/ }).fill(officer.email);
      await officerForm.getByRole('textbox', { name: /^Téléphone/ }).fill(officer.phone);
      await axe('the person in charge');
      await page.getByTestId('form-save').click();
      await expect(toastWith(page, 'Responsable enregistré')).toBeVisible();

      // The register, from the menu's administration part.
      await page.getByRole('navigation').getByRole('link', { name: 'Incidents de confidentialité' }).click();
      await expect(page).toHaveURL('/privacy-incidents');
      await page.getByRole('link', { name: 'Nouvel incident de confidentialité' }).first().click();
      await expect(page).toHaveURL('/privacy-incidents/create');
      const tag = unique();
      const description = `Liste de paie envoyée au mauvais client ${tag}`;
      await page.getByRole('textbox', { name: /^Date de l'incident/ }).fill('02/11/2026');
      await page.getByRole('textbox', { name: /^Date de connaissance/ }).fill('04/11/2026');
      await page.getByRole('textbox', { name: /^Description/ }).fill(description);
      await page
        .getByRole('textbox', { name: /^Renseignements personnels visés/ })
        .fill('Noms et heures travaillées');
      await page.getByRole('textbox', { name: /^Nombre de personnes visées/ }).fill('12');
      await page.getByRole('switch', { name: 'Présente un risque de préjudice sérieux' }).check();
      await page
        .getByRole('textbox', { name: /^Évaluation du risque/ })
        .fill('Numéros d’assurance sociale visibles.');
      await page.getByRole('textbox', { name: /^Avis aux personnes concernées/ }).fill('05/11/2026');
      await page
        .getByRole('textbox', { name: /^Mesures prises/ })
        .fill('Adresses vérifiées avant chaque envoi.');
      await axe('a new confidentiality incident');
      await page.getByTestId('form-save').click();
      await expect(toastWith(page, 'Incident inscrit au registre')).toBeVisible();
      await expect(page).toHaveURL('/privacy-incidents');

      await page.getByRole('searchbox').fill(tag);
      const row = page.getByRole('row').filter({ hasText: description });
      await expect(row).toBeVisible();
      await expect(row).toContainText('02/11/2026');
      await expect(row).toContainText('Oui');
      await expect(row).toContainText('Non transmis');
      await axe('the register of confidentiality incidents');

      const download = page.waitForEvent('download');
      await page.getByTestId('privacy-incidents-export').click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('registre-incidents-confidentialite.xlsx');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
      const rows = (book.worksheets[0]?.getSheetValues() ?? [])
        .filter((values): values is ExcelJS.CellValue[] => Array.isArray(values))
        .map((values) => values.slice(1));
      expect(rows.find((values) => values.includes("Date de l'incident"))).toBeTruthy();
      const line = rows.find((values) => values.includes(description));
      expect(line?.[5]).toBe(12);
      expect(line?.slice(7, 11)).toEqual([
        'Oui',
        'Numéros d’assurance sociale visibles.',
        'Non transmis',
        '2026-11-05',
      ]);

      // Kept and editable: the row opens its form, with what was recorded.
      await row.click();
      await expect(page).toHaveURL(/\/privacy-incidents\/edit\//);
      await expect(page.getByRole('textbox', { name: /^Description/ })).toHaveValue(description);
      await expect(page.getByTestId('privacy-incident-recorded')).toContainText(
        `Inscrit par ${accounts.admin.firstName}`,
      );
    });
  });
});
