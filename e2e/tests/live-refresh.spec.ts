import { apiAs } from '../api.ts';
import { crew, unique } from '../crew.ts';
import { expect, liveConnected, signIn, test, textField, toastWith } from '../fixtures.ts';

/**
 * Issue 29: a change is refreshed in every admin's tab the same way. What one admin's click
 * changes (the web's changedBy for that write) the server publishes once committed, and the other
 * admin's tab, open on another page, refreshes the same resources: no reload.
 */
test.describe('two admins at once', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.describe.configure({ timeout: 90_000 });

  test('what one admin confirms or creates shows in the other admin’s tab without a reload', async ({
    page,
    browser,
    request,
  }) => {
    const tag = unique();
    const api = apiAs(request, 'admin');
    const { workers, order } = await crew(api, tag);
    const alexis = workers[0] as (typeof workers)[0];
    await api.call('POST /orders/:id/assignations', {
      params: { id: order.id },
      body: { employeeIds: [alexis.id] },
    });

    // The first admin watches the order, live.
    const live = liveConnected(page);
    await signIn(page, 'admin', `/orders/${order.id}`);
    await live;
    const watched = page.getByRole('row', { name: new RegExp(`Matching ${tag}, Alexis`) });
    await expect(watched).toContainText('En attente');
    await expect(page.getByText('0/3 confirmés').first()).toBeVisible();

    // The second admin, in a browser of their own, confirms Alexis from the matching list.
    const office = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const other = await office.newPage();
      await signIn(other, 'admin', '/matching');
      await other.getByTestId('list-search').fill(tag);
      const row = other.getByRole('row', { name: new RegExp(`Matching ${tag}, Alexis`) });
      await row.getByRole('checkbox').check();
      await other.getByTestId('bulk-confirm').click();
      await expect(toastWith(other, '1 affectation confirmée.')).toBeVisible();
      await expect(row).toContainText('Confirmée');

      // The first admin's order shows it as the second admin's list does.
      await expect(page.getByText('1/3 confirmés').first()).toBeVisible();
      await expect(watched).toContainText('Confirmée');

      // The first admin now looks at the clients; the second creates one: it joins the list.
      await page.getByRole('link', { name: 'Clients', exact: true }).click();
      await page.getByTestId('list-search').fill(tag);
      await expect(page.getByRole('row', { name: new RegExp(`Coffrages ${tag}`) })).toHaveCount(1);
      await other.goto('/clients/create');
      await textField(other, 'Nom').fill(`Béton ${tag}`);
      await textField(other, 'Ville').fill('Laval');
      await other.getByTestId('form-save').click();
      await expect(toastWith(other, 'Client créé.')).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(`Béton ${tag}`) })).toBeVisible();
    } finally {
      await office.close();
    }
  });
});
