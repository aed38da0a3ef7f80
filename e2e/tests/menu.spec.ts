import { accounts, expect, signIn, test } from '../fixtures.ts';

/** Spec §2 side-menu items, in order, as the French interface labels them. */
const menuItems = [
  'Overview',
  'Assignations',
  'Commandes',
  'Clients',
  'Superviseurs',
  'Employés',
  'Recrutement', // applicants, under their nickname
  'Communications',
  'Général',
  'Assignation',
  'Recrutement',
  'Feuilles de temps',
  'Rapports', // spec §3's reports (issue 28), after the timesheets
  'Outils',
  'Compétences',
  'Tableaux de bord',
  'Employés disponibles',
  'Clients actuels',
  'Carte des emplacements',
  'Absences',
  'Alertes',
  "Alertes d'heures",
  // Québec's Law 25 (issue 30): the person in charge of personal information, the incident register.
  'Administration',
  'Responsable des renseignements personnels',
  'Incidents de confidentialité',
];

const menu = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Menu principal' });

/** Labels of the menu's links and group toggles, in document order (badges left out). */
const menuLabels = (page: import('@playwright/test').Page) =>
  menu(page)
    .locator('a.mantine-NavLink-root, button.mantine-NavLink-root')
    .evaluateAll((items) =>
      items.map((item) => item.querySelector('.mantine-NavLink-label')?.textContent?.trim() ?? ''),
    );

test.describe('admin side menu on a wide screen (1280x800)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  // Four real pages (a map among them), each checked by axe.
  test.describe.configure({ timeout: 60_000 });

  test('is always visible, lists the spec items in order and navigates', async ({ page, axe }) => {
    await signIn(page, 'admin');
    await axe('admin home on a wide screen');
    await expect(menu(page)).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toBeHidden();
    await expect(menu(page).getByText(`Bonjour ${accounts.admin.firstName}`)).toBeVisible();
    expect(await menuLabels(page)).toEqual(menuItems);
    const width = (await menu(page).boundingBox())?.width ?? 0;
    expect(width).toBeGreaterThanOrEqual(230);

    const targets: [string, string, string][] = [
      ['Commandes', '/orders', 'Commandes'],
      ['Général', '/messages/general', 'Communications — Général'],
      ['Carte des emplacements', '/dashboard/map', 'Carte des emplacements'],
      ['Compétences', '/skills', 'Compétences'],
    ];
    // A link with an unread badge is named with it ("Général 9 non lus").
    const link = (label: string) =>
      menu(page).getByRole('link', { name: new RegExp(`^${label}( \\d+ non lus?)?$`) });
    for (const [label, url, title] of targets) {
      await link(label).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(link(label)).toHaveAttribute('aria-current', 'page');
      await expect(menu(page)).toBeInViewport();
      await axe(`${url} from the menu on a wide screen`);
    }
    await axe('admin menu on a wide screen');
  });
  // The release notes the version button opens: master-data-flows.spec.ts.
});

test.describe('admin side menu on a phone (360x740)', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('hides behind a burger, opens as an overlay and closes after navigating', async ({ page, axe }) => {
    await signIn(page, 'admin');
    const burger = page.getByRole('button', { name: 'Ouvrir le menu' });
    await expect(burger).toBeVisible();
    await expect(menu(page)).not.toBeInViewport();
    await axe('admin home on a phone, menu closed');

    // Closed, the drawer holds no links and nothing has asked for their badges' counts yet.
    const countsAsked = page.waitForRequest((request) => request.url().includes('/api/messages/unseen'));
    await expect(menu(page).getByRole('link')).toHaveCount(0);
    await burger.click();
    await expect(menu(page)).toBeInViewport();
    await countsAsked;
    await expect(page.getByRole('button', { name: 'Fermer le menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(await menuLabels(page)).toEqual(menuItems);
    await axe('admin menu open on a phone');

    await menu(page).getByRole('link', { name: 'Clients', exact: true }).click();
    await expect(page).toHaveURL('/clients');
    await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
    await expect(menu(page)).not.toBeInViewport();
    await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await axe('/clients on a phone, menu closed');
  });
});

for (const role of ['supervisor', 'employee'] as const) {
  test(`${role} sees no side menu`, async ({ page, axe }) => {
    await signIn(page, role);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /menu/i })).toHaveCount(0);
    await expect(page.getByRole('banner')).toContainText(
      `${accounts[role].firstName} ${accounts[role].lastName}`,
    );
    await axe(`${role} home without a menu`);
  });
}
