import type { Locator, Page } from '@playwright/test';
import { apiAs } from '../api.ts';
import { expect, expectFitsWidth, signIn, test } from '../fixtures.ts';

// How the master-data screens look: what they show plainly, what gives way, and one word per state.

// Several pages and an axe check each: more than the default 30 s on a busy machine.
test.slow();

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

const colorOf = (locator: Locator) => locator.evaluate((node) => getComputedStyle(node).color);

test.describe('at desktop size', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the clients list: names whole, phones and e-mails as plain text that are still links', async ({
    page,
    axe,
  }) => {
    await signIn(page, 'admin', '/clients');
    const row = page.getByRole('row', { name: /Ironwood General Contractors/ });
    await expect(row).toBeVisible();
    await axe('clients list');

    // Every demo client's name fits its cell at 1280 px (the e-mail gives way first).
    const names = page.locator('tbody tr td:first-child p');
    await expect(names.first()).toBeVisible();
    const cut = await names.evaluateAll((cells) =>
      cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent),
    );
    expect(cut).toEqual([]);

    // Phones and e-mails read as the row's text; they are links to call or write all the same.
    const bérubé = page.getByRole('row', { name: /Construction Bérubé & Fils/ });
    const phone = bérubé.getByRole('link', { name: '514 555-1001' });
    await expect(phone).toHaveAttribute('href', 'tel:+15145551001');
    const email = bérubé.getByRole('link', { name: 'info@berube-fils.ca' });
    await expect(email).toHaveAttribute('href', 'mailto:info@berube-fils.ca');
    const text = await colorOf(bérubé.getByRole('cell', { name: 'Montréal, QC' }));
    expect(await colorOf(phone)).toBe(text);
    expect(await colorOf(email)).toBe(text);
    await phone.hover();
    expect(await colorOf(phone)).not.toBe(text);

    // A page title is a title, not a banner.
    const size = await heading(page).evaluate((node) => Number.parseFloat(getComputedStyle(node).fontSize));
    expect(size).toBeLessThanOrEqual(28);
  });

  test('one word per state: Actif and Archivé for every record, "texto" in a sentence', async ({
    page,
    request,
    axe,
  }) => {
    const { id } = await apiAs(request, 'admin').call('POST /employees', {
      body: {
        employeeNumber: `TXT-${Date.now().toString(36)}`,
        firstName: 'Rémi',
        lastName: 'Texto',
        phone: '514 555-0166',
        invitationChannel: 'none',
      },
    });

    await signIn(page, 'admin', '/skills');
    const status = page.getByRole('combobox', { name: 'Statut' });
    await status.click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText([
      'Actifs',
      'Archivés',
      'Actifs et archivés',
    ]);
    await page.getByRole('option', { name: 'Actifs', exact: true }).click();
    await page.getByRole('row', { name: /Échafaudage/ }).click();
    await expect(heading(page)).toHaveText('Échafaudage');
    await expect(page.getByTestId('record-status')).toHaveText('Actif');
    await axe('skill page');

    await page.goto('/clients');
    await expect(page.getByRole('row', { name: /Construction Bérubé & Fils/ })).toContainText('Actif');
    await page.goto('/supervisor');
    await page.getByRole('cell', { name: 'Côté, Étienne' }).click();
    await expect(heading(page)).toHaveText('Étienne Côté');
    await expect(page.getByTestId('record-status')).toHaveText('Actif');
    await expect(page.getByText('Mot de passe choisi')).toBeVisible();

    // The employee who has not chosen a password yet reads like the supervisor would; the invitation
    // goes "par texto", in lower case in the sentence.
    await page.goto(`/employees/${id}`);
    await expect(page.getByText('Invité (mot de passe à choisir)')).toBeVisible();
    await page.getByRole('button', { name: "Renvoyer l'invitation" }).click();
    await page.getByRole('menuitem', { name: 'Par texto' }).click();
    await page.getByTestId('confirm-action').click();
    await expect(
      page.locator('.mantine-Notification-root').filter({ hasText: /Invitation envoyée par texto\./ }),
    ).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('a long unbroken word in a name or a note stays inside its card', async ({ page, request, axe }) => {
    const word = `${'Béton'.repeat(38)}-${Date.now().toString(36)}`;
    const { id } = await apiAs(request, 'admin').call('POST /clients', {
      body: { name: word, notes: `Note ${word}` },
    });

    await signIn(page, 'admin', `/clients/${id}`);
    await expect(heading(page)).toHaveText(word);
    await expectFitsWidth(page, 360);
    const overflowing = await page
      .locator('.mantine-Card-root')
      .evaluateAll((cards) => cards.filter((card) => card.scrollWidth > card.clientWidth).length);
    expect(overflowing).toBe(0);
    await axe('client page with a long word');

    await page.goto(`/clients?q=${encodeURIComponent(word.slice(0, 30))}`);
    await expect(page.getByTestId('list-card')).toHaveCount(1);
    await expectFitsWidth(page, 360);
  });
});
