import { readFile } from 'node:fs/promises';
import { apiAs, savedToken } from '../api.ts';
import { expect, signIn, test, toastWith } from '../fixtures.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe('a person’s file under Law 25, at the office’s size', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the office exports an employee’s file, then anonymises them after a confirmation naming what goes', async ({
    page,
    request,
    axe,
  }) => {
    const tag = unique();
    const employee = await apiAs(request, 'admin').call('POST /employees', {
      body: {
        employeeNumber: `LOI-${tag}`,
        firstName: 'Rosalie',
        lastName: `Privée ${tag}`,
        email: `rosalie.${tag}@example.test`,
        language: 'fr',
        city: 'Lévis',
        notes: 'Allergique au latex',
        invitationChannel: 'none',
      },
    });
    const name = `Rosalie Privée ${tag}`;
    await signIn(page, 'admin', `/employees/${employee.id}`);
    await expect(page.getByRole('heading', { name })).toBeVisible();

    // Her file: a ZIP named in her language, with the structured file inside.
    await axe('employee page');
    await page.getByTestId('personal-data-menu').click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Exporter ses données' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^donnees-personnelles_[0-9a-f]{8}_\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(toastWith(page, `Dossier téléchargé : ${file.suggestedFilename()}`)).toBeVisible();
    const zip = await readFile(await file.path());
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
    for (const part of ['personne.json', 'schema.json', 'heures.csv', 'messages.csv', 'resume.pdf'])
      expect(zip.includes(Buffer.from(part))).toBe(true);

    // Anonymise: the dialog says what will be erased, and that it cannot be undone.
    await page.getByTestId('personal-data-menu').click();
    await page.getByRole('menuitem', { name: /Anonymiser/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Anonymiser ${name} ?`);
    await expect(dialog).toContainText('C’est irréversible');
    const erased = dialog.getByTestId('anonymize-erased');
    await expect(erased).toContainText('le téléphone et le courriel');
    await expect(erased).toContainText('l’adresse');
    await expect(erased).toContainText('le CV et les photos des reçus');
    await expect(erased).toContainText(/« Personne [0-9A-F]{6} »/);
    const pseudonym = /« (Personne [0-9A-F]{6}) »/.exec((await erased.textContent()) ?? '')?.[1] ?? '';
    await expect(dialog).toContainText('Ses heures, affectations et montants sont conservés');
    await axe('anonymisation confirmation');
    await dialog.getByRole('button', { name: 'Anonymiser définitivement' }).click();

    await expect(toastWith(page, `${name} a été anonymisé : ${pseudonym}`)).toBeVisible();
    await expect(page.getByRole('heading', { name: pseudonym })).toBeVisible();
    await expect(page.getByTestId('anonymized-badge')).toHaveText('Anonymisé');
    await expect(page.getByTestId('anonymized-notice')).toContainText('remplacés par un pseudonyme');
    await expect(page.getByText('Allergique au latex')).toHaveCount(0);
    await expect(page.getByTestId('personal-data-menu')).toHaveCount(0);
    await axe('anonymised employee page');

    // Her file is no longer given.
    const refused = await request.get(`/api/employees/${employee.id}/personal-data`, {
      headers: { authorization: `Bearer ${savedToken('admin')}` },
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).code).toBe('PERSON_ANONYMIZED');
  });
});
