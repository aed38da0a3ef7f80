import type { Page } from '@playwright/test';
import {
  confirmDeleteWithoutRefetch,
  expect,
  expectFitsWidth,
  signIn,
  test,
  textField,
  toastWith,
} from '../fixtures.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const search = (page: Page) => page.getByTestId('list-search');
const save = (page: Page) => page.getByTestId('form-save');
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

async function createClient(page: Page, name: string, city = 'Montréal') {
  await page.goto('/clients/create');
  await expect(heading(page, 'Nouveau client')).toBeVisible();
  await textField(page, 'Nom').fill(name);
  await textField(page, 'Téléphone').fill('514 555-1234');
  await textField(page, 'Ville').fill(city);
  await save(page).click();
  await expect(toastWith(page, 'Client créé.')).toBeVisible();
  await expect(heading(page, name)).toBeVisible();
}

test.describe('clients at desktop size', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('list of the demo clients: search without accents, filters and sort in the URL', async ({
    page,
    axe,
  }) => {
    test.slow();
    await signIn(page, 'admin', '/clients');
    await expect(heading(page, 'Clients')).toBeVisible();
    await expect(page.getByRole('row', { name: /Construction Bérubé & Fils/ })).toBeVisible();
    await axe('clients list');

    await search(page).fill('BERUBE');
    await expect(page).toHaveURL(/q=BERUBE/);
    await expect(page.getByRole('row', { name: /Construction Bérubé & Fils/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Northline Builders/ })).toHaveCount(0);

    await search(page).fill('');
    await page.getByRole('combobox', { name: 'Province', exact: true }).click();
    await page.getByRole('option', { name: /Ontario/ }).click();
    await expect(page).toHaveURL(/province=ON/);
    await expect(page.getByRole('row', { name: /Ottawa Valley Contracting/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Construction Bérubé/ })).toHaveCount(0);

    // Sortable headers say their sort to screen readers.
    await expect(page.locator('thead th[data-accessor="name"]')).toHaveAttribute('aria-sort', 'ascending');

    await page.getByRole('cell', { name: 'Ottawa Valley Contracting' }).click();
    await expect(heading(page, 'Ottawa Valley Contracting')).toBeVisible();
    // The browser tab names the record.
    await expect(page).toHaveTitle('Ottawa Valley Contracting · Brigade');
  });

  test('an empty search offers to clear the search and filters', async ({ page, axe }) => {
    await signIn(page, 'admin', '/clients?province=ON');
    await search(page).fill('aucun client ne porte ce nom');
    const empty = page.getByTestId('list-empty');
    await expect(empty).toContainText('Aucun résultat');
    await axe('clients list, no result');
    await empty.getByRole('button', { name: 'Effacer la recherche et les filtres' }).click();
    await expect(page).toHaveURL(/\/clients$/);
    await expect(search(page)).toHaveValue('');
    await expect(page.getByRole('row', { name: /Construction Bérubé & Fils/ })).toBeVisible();
  });

  test('a record that does not exist, or a malformed link, says so on the page only', async ({
    page,
    axe,
  }) => {
    await signIn(page, 'admin', '/clients');
    await page.goto('/clients/pas-un-identifiant');
    await expect(
      page.getByRole('alert').filter({ hasText: "L'élément demandé est introuvable." }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Retour à la liste' })).toBeVisible();
    await axe('client not found');
    const missing = '/api/clients/00000000-0000-4000-8000-000000000000';
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === missing);
    await page.goto('/clients/00000000-0000-4000-8000-000000000000');
    expect((await answered).status()).toBe(404);
    await expect(
      page.getByRole('alert').filter({ hasText: "L'élément demandé est introuvable." }),
    ).toBeVisible();
    // A toast about that 404 would be raised by the query cache's onError, in the same turn as the
    // error reaches the query and before its page re-renders with the alert: it would be here now.
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  });

  test('create (errors beside the fields, unique name), edit, then delete', async ({ page, axe }) => {
    const name = `Toitures Gélinas ${unique()}`;
    test.slow();
    await signIn(page, 'admin', '/clients/create');
    await axe('client create');

    // A bad postal code: refused beside the field, what was typed stays.
    await textField(page, 'Nom').fill(name);
    await textField(page, 'Code postal').fill('12345');
    await save(page).click();
    await expect(page.getByText('Code postal invalide (ex. : H2X 1Y4)')).toBeVisible();
    await expect(textField(page, 'Nom')).toHaveValue(name);
    await textField(page, 'Code postal').fill('h2x1y4');
    await expect(textField(page, 'Code postal')).toHaveValue('H2X 1Y4');
    await save(page).click();
    await expect(toastWith(page, 'Client créé.')).toBeVisible();
    await expect(heading(page, name)).toBeVisible();
    await axe('client detail');

    // Same name, other case: 409 under the field.
    await page.goto('/clients/create');
    await textField(page, 'Nom').fill(name.toUpperCase());
    await save(page).click();
    await expect(page.getByText('Le nom doit être unique.')).toBeVisible();

    // Edit.
    await page.goto('/clients');
    await search(page).fill(name.replace('é', 'e'));
    await page.getByRole('cell', { name }).click();
    await page.getByRole('link', { name: 'Modifier' }).click();
    await expect(heading(page, /Modifier le client/)).toBeVisible();
    await axe('client edit');
    await textField(page, 'Ville').fill('Trois-Rivières');
    await save(page).click();
    await expect(toastWith(page, 'Modifications enregistrées.')).toBeVisible();
    await expect(page.getByText('Trois-Rivières, QC')).toBeVisible();

    // Nothing refers to it: the confirmation says it will be deleted for good.
    await page.getByTestId('client-delete').click();
    await expect(page.getByText('il sera supprimé définitivement')).toBeVisible();
    // The deleted client's page is not fetched again: no "not found" toast after "deleted".
    await confirmDeleteWithoutRefetch(page, '/api/clients');
    await expect(toastWith(page, 'Client supprimé.')).toBeVisible();
    await expect(heading(page, 'Clients')).toBeVisible();
  });

  test('a new client gets its first supervisor from its own page, then a site', async ({ page, axe }) => {
    const name = `Coffrages Dubé ${unique()}`;
    const tag = unique();
    test.slow();
    await signIn(page, 'admin');
    await createClient(page, name);
    await expect(page.getByTestId('site-needs-supervisor')).toBeVisible();
    await expect(page.getByTestId('site-new')).toBeDisabled();

    await page.getByTestId('client-new-supervisor').click();
    await expect(heading(page, 'Nouveau superviseur')).toBeVisible();
    await expect(page).toHaveURL(/\/supervisor\/create\?clientId=/);
    // The client is chosen already.
    await expect(page.getByRole('combobox', { name: 'Client' })).toHaveValue(name);
    await axe('supervisor create from a client');
    await textField(page, /^Prénom$/).fill('Gaston');
    await textField(page, /^Nom$/).fill(`Dubé ${tag}`);
    await textField(page, /^Courriel$/).fill(`gaston.${tag}@dube.test`);
    await page.getByLabel("Ne pas envoyer d'invitation pour l'instant").check();
    await save(page).click();
    await expect(toastWith(page, 'Superviseur créé.')).toBeVisible();

    // Back on the client, which can now open a site with that supervisor.
    await expect(heading(page, name)).toBeVisible();
    await expect(page.getByTestId('client-supervisors')).toContainText(`Gaston Dubé ${tag}`);
    await page.getByTestId('site-new').click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau chantier' });
    await dialog.getByRole('textbox', { name: 'Nom du chantier' }).fill('Entrepôt Saint-Laurent');
    await dialog.getByTestId('site-supervisors').click();
    await page.getByRole('option', { name: `Gaston Dubé ${tag}` }).click();
    await dialog.getByTestId('site-save').click();
    await expect(toastWith(page, 'Chantier créé.')).toBeVisible();
    await expect(page.getByTestId('site-row').filter({ hasText: 'Entrepôt Saint-Laurent' })).toBeVisible();
  });

  test('a site of a demo client: create with a supervisor and a typed position, edit, delete', async ({
    page,
    axe,
  }) => {
    const siteName = `Chantier Saint-Éloi ${unique()}`;
    test.slow();
    await signIn(page, 'admin', '/clients?q=berube');
    await page.getByRole('cell', { name: 'Construction Bérubé & Fils' }).click();
    await expect(heading(page, 'Construction Bérubé & Fils')).toBeVisible();
    await expect(page.getByTestId('client-sites')).toBeVisible();

    // The client cannot be deleted: the confirmation says it will be archived; cancel.
    await page.getByTestId('client-delete').click();
    const confirmation = page.getByRole('dialog', { name: /Archiver/ });
    await expect(confirmation).toContainText('Il sera archivé :');
    await expect(confirmation).toContainText(/superviseurs? actifs? (sera|seront) archivés? aussi/);
    await expect(confirmation).toContainText('ses chantiers deviendront inactifs');
    await page.getByTestId('confirm-cancel').click();

    await page.getByTestId('site-new').click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau chantier' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('site-map')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Nom du chantier' }).fill(siteName);

    // Typed data is never lost without asking: Escape, ✕ and Back all ask first.
    const unsaved = page.getByRole('dialog', { name: 'Quitter sans enregistrer ?' });
    await page.keyboard.press('Escape');
    await expect(unsaved).toBeVisible();
    await unsaved.getByTestId('confirm-cancel').click();
    await expect(unsaved).toBeHidden();
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(unsaved).toBeVisible();
    await unsaved.getByTestId('confirm-cancel').click();
    await expect(unsaved).toBeHidden();
    await page.goBack();
    await expect(unsaved).toBeVisible();
    await unsaved.getByTestId('confirm-cancel').click();
    await expect(unsaved).toBeHidden();
    await expect(page).toHaveURL(/[?]site=new/);
    await expect(dialog.getByRole('textbox', { name: 'Nom du chantier' })).toHaveValue(siteName);

    // An end before the start stays as typed and is refused beside the field.
    await dialog.getByRole('textbox', { name: 'Début' }).fill('10/05/2026');
    await dialog.getByRole('textbox', { name: 'Fin' }).fill('01/05/2026');
    await dialog.getByRole('textbox', { name: 'Fin' }).press('Tab');
    await expect(dialog.getByRole('textbox', { name: 'Fin' })).toHaveValue('01/05/2026');

    // No supervisor: Save brings the first refused field into view and focus; what was typed stays.
    await dialog.getByTestId('site-save').click();
    await expect(dialog.getByTestId('site-supervisors')).toBeFocused();
    await expect(dialog.getByText('Choisissez au moins un superviseur.')).toBeInViewport();
    await expect(dialog.getByText('La date de fin ne peut pas être avant la date de début')).toBeVisible();
    await axe('site form');
    // Without dates after all (the site is active from now on).
    await dialog.getByRole('button', { name: 'Effacer la date' }).first().click();
    await dialog.getByRole('button', { name: 'Effacer la date' }).first().click();
    await expect(dialog.getByRole('textbox', { name: 'Fin' })).toHaveValue('');

    await expect(dialog.getByRole('textbox', { name: 'Nom du chantier' })).toHaveValue(siteName);
    await dialog.getByTestId('site-supervisors').click();
    await page.getByRole('option').first().click();
    await dialog.getByRole('textbox', { name: 'PO', exact: true }).fill('PO-7788');
    await dialog.getByRole('textbox', { name: 'Latitude', exact: true }).fill('45.5017');
    await dialog.getByRole('textbox', { name: 'Longitude', exact: true }).fill('-73.5673');
    await dialog.getByTestId('site-save').click();
    await expect(toastWith(page, 'Chantier créé.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('site-row').filter({ hasText: siteName });
    await expect(row).toContainText('Actif');
    await expect(row).toContainText('PO-7788');

    await row.getByRole('button', { name: `Modifier ${siteName}` }).click();
    const editDialog = page.getByRole('dialog', { name: /Modifier le chantier/ });
    await expect(editDialog.getByRole('textbox', { name: 'Latitude', exact: true })).toHaveValue('45.5017');
    await editDialog.getByRole('textbox', { name: 'Job #' }).fill('J-2025-9999');
    await editDialog.getByTestId('site-save').click();
    await expect(toastWith(page, 'Modifications enregistrées.')).toBeVisible();
    await expect(row).toContainText('J-2025-9999');

    await row.getByRole('button', { name: `Supprimer ${siteName}` }).click();
    await page.getByTestId('confirm-action').click();
    await expect(toastWith(page, 'Chantier supprimé.')).toBeVisible();
    await expect(page.getByTestId('site-row').filter({ hasText: siteName })).toHaveCount(0);
  });
});

test.describe('clients on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("lists and a client's sites are cards, with their actions in view", async ({ page, axe }) => {
    test.slow();
    await signIn(page, 'admin', '/clients?q=berube');
    const card = page.getByTestId('list-card').filter({ hasText: 'Construction Bérubé & Fils' });
    await expect(card).toBeVisible();
    await axe('clients cards (phone)');
    await card.getByRole('link', { name: 'Construction Bérubé & Fils' }).click();
    await expect(heading(page, 'Construction Bérubé & Fils')).toBeVisible();
    const site = page.getByTestId('site-row').first();
    await site.scrollIntoViewIfNeeded();
    await expect(site.getByTestId('site-edit')).toBeInViewport();
    await expect(site.getByTestId('site-delete')).toBeInViewport();
    await axe('client detail with site cards (phone)');
    await expectFitsWidth(page, 360);
  });

  test('create a client and read it at 360 px', async ({ page, axe }) => {
    const name = `Les Entreprises Côté ${unique()}`;
    test.slow();
    await signIn(page, 'admin', '/clients');
    await axe('clients list (phone)');
    await createClient(page, name, 'Gatineau');
    await expect(page.getByRole('link', { name: '514 555-1234' })).toBeVisible();
    await axe('client detail (phone)');
    await expectFitsWidth(page, 360);
  });
});
