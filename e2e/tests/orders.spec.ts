import { apiAs } from '../api.ts';
import { expect, expectFitsWidth, signIn, test, toastWith } from '../fixtures.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const inDays = (days: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
  return new Date(Date.parse(today) + days * 86_400_000).toISOString().slice(0, 10);
};
const dmy = (iso: string) => iso.split('-').reverse().join('/');

test.describe('orders at desktop size', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.describe.configure({ timeout: 90_000 });

  test('create an order on a client’s site, find it with its coverage, then cancel it with a reason', async ({
    page,
    request,
    axe,
  }) => {
    const tag = unique();
    const api = apiAs(request, 'admin');
    const client = await api.call('POST /clients', { body: { name: `Béton ${tag}` } });
    const supervisor = await api.call('POST /supervisors', {
      body: {
        firstName: 'Nadia',
        lastName: `Roy ${tag}`,
        email: `nadia.${tag}@e2e.brigade.test`,
        clientId: client.id,
        invitationChannel: 'none',
      },
    });
    await api.call('POST /clients/:id/sites', {
      params: { id: client.id },
      body: { name: `Tour ${tag}`, city: 'Laval', supervisorIds: [supervisor.id] },
    });
    await signIn(page, 'admin', '/orders');
    await axe('orders list');
    await page.getByTestId('list-create').click();
    await expect(page).toHaveURL(/\/orders\/create\/new$/);
    // The address changes at once, but the list (with its own "Client" filter) stays on screen
    // until the form's code is there.
    await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle commande' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Client' }).click();
    await page.getByRole('combobox', { name: 'Client' }).fill(tag);
    await page.getByRole('option', { name: `Béton ${tag}` }).click();
    await page.getByRole('combobox', { name: 'Chantier' }).click();
    await page.getByRole('option', { name: `Tour ${tag} — Laval` }).click();
    // The site's only supervisor is chosen for it.
    await expect(page.getByRole('combobox', { name: 'Superviseur sur place' })).toHaveValue(
      `Nadia Roy ${tag}`,
    );
    const skills = page.getByRole('combobox', { name: 'Métiers et compétences' });
    await skills.click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'Nombre de travailleurs' }).fill('6');
    await page.getByRole('radio', { name: 'Haute' }).click();
    // A start in the past cannot be picked; typed, it is refused.
    await page.getByRole('textbox', { name: 'Début' }).fill(dmy(inDays(14)));
    await page.getByRole('textbox', { name: 'Début' }).press('Tab');
    await expect(page.getByRole('textbox', { name: 'Fin' })).toHaveValue(dmy(inDays(14)));
    await page.getByRole('textbox', { name: 'Fin' }).fill(dmy(inDays(18)));
    await page.getByRole('textbox', { name: 'Fin' }).press('Tab');
    await axe('order form');
    await page.getByTestId('form-save').click();
    await expect(toastWith(page, 'Commande créée.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Tour ${tag}` })).toBeVisible();
    await expect(page.getByText('0/6 confirmés')).toBeVisible();
    await expect(page.getByTestId('order-status')).toHaveText('Ouverte');
    await axe('order detail');

    await page.goto('/orders');
    await page.getByTestId('list-search').fill(tag);
    const row = page.getByRole('row', { name: new RegExp(`Tour ${tag}`) });
    await expect(row).toContainText('0/6 confirmés');
    await expect(row).toContainText('Haute');
    await expect(row).toContainText(`${dmy(inDays(14))} – ${dmy(inDays(18))}`);
    await row.click();

    await page.getByTestId('order-cancel').click();
    await page.getByTestId('order-cancel-reason').fill('Le client reporte le chantier');
    await page.getByTestId('confirm-action').click();
    await expect(toastWith(page, 'Commande annulée.')).toBeVisible();
    await expect(page.getByTestId('order-status')).toHaveText('Annulée');
    // Once in the order's details, once more in its timeline ("26/11/2026 16:06 · Admin · reason").
    await expect(page.getByText('Le client reporte le chantier', { exact: true })).toBeVisible();
    await expect(page.getByText(/· Le client reporte le chantier$/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Modifier' })).toHaveCount(0);
  });

  test('Enter in a date field takes the date; a weekend-only order is refused; two quick Enters make one order', async ({
    page,
    request,
  }) => {
    const tag = unique();
    const api = apiAs(request, 'admin');
    const client = await api.call('POST /clients', { body: { name: `Coffrage ${tag}` } });
    const supervisor = await api.call('POST /supervisors', {
      body: {
        firstName: 'Paul',
        lastName: `Roy ${tag}`,
        email: `paul.${tag}@e2e.brigade.test`,
        clientId: client.id,
        invitationChannel: 'none',
      },
    });
    await api.call('POST /clients/:id/sites', {
      params: { id: client.id },
      body: { name: `Quai ${tag}`, city: 'Lévis', supervisorIds: [supervisor.id] },
    });
    await signIn(page, 'admin', '/orders/create/new');
    await page.getByRole('combobox', { name: 'Client' }).click();
    await page.getByRole('combobox', { name: 'Client' }).fill(tag);
    await page.getByRole('option', { name: `Coffrage ${tag}` }).click();
    await page.getByRole('combobox', { name: 'Chantier' }).click();
    await page.getByRole('option', { name: `Quai ${tag} — Lévis` }).click();
    await page.getByRole('combobox', { name: 'Métiers et compétences' }).click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');

    // A start typed in the past is taken, and refused in words (not "Date invalide").
    await page.getByRole('textbox', { name: 'Début' }).fill(dmy(inDays(-3)));
    await page.getByRole('textbox', { name: 'Début' }).press('Tab');
    await page.getByTestId('form-save').click();
    await expect(page.getByText("La date doit être aujourd'hui ou plus tard.")).toBeVisible();
    await expect(page.getByText('Date invalide')).toHaveCount(0);

    // A Saturday and its Sunday, weekends left out: typed, each confirmed with Enter.
    let saturday = 14;
    while (new Date(`${inDays(saturday)}T00:00:00Z`).getUTCDay() !== 6) saturday++;
    await page.getByRole('textbox', { name: 'Début' }).fill(dmy(inDays(saturday)));
    await page.getByRole('textbox', { name: 'Début' }).press('Enter');
    await expect(page.getByRole('textbox', { name: 'Fin' })).toHaveValue(dmy(inDays(saturday)));
    await page.getByRole('textbox', { name: 'Fin' }).fill(dmy(inDays(saturday + 1)));
    await page.getByRole('textbox', { name: 'Fin' }).press('Enter');
    // Enter took the date and saved nothing.
    await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle commande' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Fin' })).toHaveValue(dmy(inDays(saturday + 1)));

    await page.getByTestId('form-save').click();
    await expect(
      page.getByText(
        'Aucun jour travaillé dans cette période : cochez « Inclure les fins de semaine » ou changez les dates.',
      ),
    ).toBeVisible();

    // Monday to Friday after it; then Enter twice in a row in a field: one order.
    await page.getByRole('textbox', { name: 'Fin' }).fill(dmy(inDays(saturday + 6)));
    await page.getByRole('textbox', { name: 'Fin' }).press('Enter');
    await page.getByRole('textbox', { name: 'Début' }).fill(dmy(inDays(saturday + 2)));
    await page.getByRole('textbox', { name: 'Début' }).press('Tab');
    const workers = page.getByRole('textbox', { name: 'Nombre de travailleurs' });
    await workers.fill('2');
    await workers.press('Enter');
    await workers.press('Enter').catch(() => undefined);
    await expect(toastWith(page, 'Commande créée.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Quai ${tag}` })).toBeVisible();
    const made = await api.call('GET /orders', { query: { clientId: client.id } });
    expect(made.total).toBe(1);
  });
});

test.describe('orders on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('the list and an order fit the screen', async ({ page, axe }) => {
    await signIn(page, 'admin', '/orders');
    await page.getByTestId('list-card').first().getByRole('link').click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    // The list stays on screen until the order's page has loaded: wait for the page itself.
    await expect(page.getByRole('link', { name: 'Retour à la liste' })).toBeVisible();
    await expect(page.getByTestId('order-status')).toBeVisible();
    await expectFitsWidth(page, 375);
    await axe('order on a phone');
  });
});
