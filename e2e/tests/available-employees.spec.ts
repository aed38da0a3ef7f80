import { type Api, apiAs } from '../api.ts';
import { expect, expectFitsWidth, signIn, test, toastWith } from '../fixtures.ts';
import { uniqueMobile } from '../phones.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** A mobile no other test uses: 438-555-04xx. */
const phone = () => uniqueMobile();

/**
 * Today (weekends included, so the test runs any day): an order for 2 on a site, 1 already asked
 * (Rosalie, pending), and an order at 12 m; four workers named after `tag`: Océane (free, welder),
 * Jérémie (sick today), Rosalie (asked), Félix (free, afraid of heights).
 */
async function day(api: Api, tag: string) {
  const client = await api.call('POST /clients', { body: { name: `Dispo ${tag}` } });
  const supervisor = await api.call('POST /supervisors', {
    body: {
      firstName: 'Nadia',
      lastName: `Roy ${tag}`,
      email: `nadia.dispo.${tag}@e2e.brigade.test`,
      clientId: client.id,
      invitationChannel: 'none',
    },
  });
  const site = await api.call('POST /clients/:id/sites', {
    params: { id: client.id },
    body: { name: `Tour ${tag}`, city: 'Laval', supervisorIds: [supervisor.id] },
  });
  const skill = await api.call('POST /skills', {
    body: {
      // Long, as some trade certificates are: it must not widen a phone's card.
      nameFr: `Soudeur ${tag} certifié CWB toutes positions (procédé SMAW, fil fourré)`,
      nameEn: `Welder ${tag} CWB certified all positions (SMAW process, flux-cored)`,
    },
  });
  const worker = (firstName: string, more: Record<string, unknown> = {}) =>
    api.call('POST /employees', {
      body: {
        employeeNumber: `DSP-${tag}-${firstName}`,
        firstName,
        lastName: `Libre${tag}`,
        phone: phone(),
        city: 'Laval',
        invitationChannel: 'none',
        ...more,
      },
    });
  const oceane = await worker('Océane', { skills: [{ skillId: skill.id }] });
  const jeremie = await worker('Jérémie');
  const rosalie = await worker('Rosalie');
  const felix = await worker('Félix', { fearOfHeights: true });
  await api.call('POST /absences', {
    body: { employeeId: jeremie.id, type: 'sick', startsOn: today(), endsOn: today() },
  });
  const order = (more: Record<string, unknown> = {}) =>
    api.call('POST /orders', {
      body: {
        clientId: client.id,
        siteId: site.id,
        supervisorId: supervisor.id,
        skills: [{ skillId: skill.id, mandatory: false }],
        workersNeeded: 2,
        startsOn: today(),
        endsOn: plusDays(today(), 1),
        includeWeekends: true,
        dailyStart: '07:00',
        dailyEnd: '15:30',
        ...more,
      },
    });
  const ground = await order();
  // Low priority: today's open orders are listed by priority, so the ground one comes first.
  await order({ heightMetres: 12, workersNeeded: 1, priority: 3 });
  await api.call('POST /orders/:id/assignations', {
    params: { id: ground.id },
    body: { employeeIds: [rosalie.id] },
  });
  return { oceane, felix, skill, site };
}

test.describe('available employees at desktop size', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.describe.configure({ mode: 'parallel', timeout: 90_000 });

  test('who is free today, by skill and search; proposed on an open order with the keyboard; a hard rule said in words', async ({
    page,
    request,
    axe,
  }) => {
    const tag = unique();
    const { skill } = await day(apiAs(request, 'admin'), tag);
    await signIn(page, 'admin');
    await page.getByRole('navigation').getByRole('link', { name: 'Employés disponibles' }).click();
    await expect(page).toHaveURL(/\/dashboard-employees$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Employés disponibles' })).toBeVisible();
    await expect(page.getByTestId('available-summary')).toContainText(/employés? disponibles? le /);
    await expect(page.locator('tbody tr[data-href]').first()).toBeVisible();
    await axe('available employees');

    // Jérémie is away today and Rosalie already asked: only Océane and Félix are free.
    await page.getByTestId('list-search').fill(`libre${tag}`);
    const rows = page.locator('tbody tr[data-href]');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(`Libre${tag}, Félix`);
    await expect(rows.nth(1)).toContainText(`Libre${tag}, Océane`);
    await expect(rows.nth(1)).toContainText(`Soudeur ${tag}`);
    await expect(rows.nth(1)).toContainText('Laval');
    await expect(rows.nth(1)).toContainText('Disponible');
    await expect(page.getByTestId('available-summary')).toContainText('2 employés disponibles le');

    // By skill: Océane alone, and the filter stays in the address.
    await page.getByRole('combobox', { name: 'Compétence' }).click();
    await page.getByRole('combobox', { name: 'Compétence' }).fill(`Soudeur ${tag}`);
    await page.getByRole('option', { name: `Soudeur ${tag}` }).click();
    await expect(page).toHaveURL(new RegExp(`skillId=${skill.id}`));
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('Océane');

    // Propose her with the keyboard: the button, its menu of today's open orders, Enter.
    const propose = rows.getByRole('button', { name: `Proposer Océane Libre${tag} sur une commande` });
    await propose.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    const ground = menu
      .getByRole('menuitem')
      .filter({ hasText: `Dispo ${tag} — Tour ${tag}` })
      .first();
    await expect(ground).toBeVisible();
    await expect(menu.getByRole('menuitem').filter({ hasText: `Dispo ${tag}` })).toHaveCount(2);
    await expect(
      menu
        .getByRole('menuitem')
        .filter({ hasText: `Dispo ${tag}` })
        .filter({ hasText: '1 place' }),
    ).toHaveCount(2);
    await ground.focus();
    await page.keyboard.press('Enter');
    await expect(
      toastWith(page, `Océane Libre${tag} est proposé sur Dispo ${tag} — Tour ${tag}`),
    ).toBeVisible();
    // No longer free today.
    await expect(rows).toHaveCount(0);
    await expect(page.getByTestId('list-empty')).toBeVisible();

    // Félix is afraid of heights: the order at 12 m refuses him, in words.
    await page.getByTestId('list-reset').click();
    await page.getByTestId('list-search').fill(`felix libre${tag}`);
    await expect(rows).toHaveCount(1);
    await rows.getByRole('button', { name: /^Proposer Félix/ }).click();
    // The ground order is full now (Rosalie and Océane): only the one at height is left.
    const items = page.getByRole('menuitem').filter({ hasText: `Dispo ${tag}` });
    await expect(items).toHaveCount(1);
    await items.click();
    await expect(
      toastWith(page, `Félix Libre${tag} ne peut pas être affecté à cette commande`),
      // The assignation checks every hard rule: seconds when the machine is busy.
    ).toBeVisible({ timeout: 20_000 });
    await expect(rows).toHaveCount(1);
  });

  test('another day: chosen with the day buttons, kept in the address, back to today', async ({
    page,
    request,
  }) => {
    const tag = unique();
    await day(apiAs(request, 'admin'), tag);
    await signIn(page, 'admin', `/dashboard-employees?q=libre${tag}`);
    const rows = page.locator('tbody tr[data-href]');
    await expect(rows).toHaveCount(2);
    // Tomorrow Jérémie is back (Rosalie still asked): three are free.
    await page.getByRole('button', { name: 'Jour suivant' }).click();
    await expect(page).toHaveURL(new RegExp(`date=${plusDays(today(), 1)}`));
    await expect(rows).toHaveCount(3);
    await expect(rows).toContainText([`Félix`, 'Jérémie', 'Océane']);
    // The day after, the orders are over: everyone.
    await page.getByRole('button', { name: 'Jour suivant' }).click();
    await expect(rows).toHaveCount(4);
    await page.getByRole('button', { name: "Aujourd'hui" }).click();
    await expect(page).not.toHaveURL(/date=/);
    await expect(rows).toHaveCount(2);
  });
});

test.describe('available employees on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test.describe.configure({ timeout: 90_000 });

  test('one card per worker, nothing wider than the screen, and the propose button in reach', async ({
    page,
    request,
    axe,
  }) => {
    const tag = unique();
    await day(apiAs(request, 'admin'), tag);
    await signIn(page, 'admin', `/dashboard-employees?q=libre${tag}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Employés disponibles' })).toBeVisible();
    const cards = page.getByTestId('list-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(1)).toContainText('Océane');
    await expect(cards.nth(1).getByRole('button', { name: /^Proposer Océane/ })).toBeVisible();
    await expectFitsWidth(page, 390);
    await axe('available employees on a phone');
  });
});
