import { readFileSync } from 'node:fs';
import path from 'node:path';
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
  'Outils',
  'Compétences',
  'Tableaux de bord',
  'Employés disponibles',
  'Clients actuels',
  'Carte des emplacements',
  'Absences',
  'Alertes',
  "Alertes d'heures",
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first note under `version` in CHANGELOG.md, as the rendered dialog shows it. */
function releaseNotes(version: string): { firstItem: string; unreleased: boolean } {
  const changelog = readFileSync(path.join(import.meta.dirname, '..', '..', 'CHANGELOG.md'), 'utf8');
  // Notes written since the last release show under "Unreleased"; an empty section is left out.
  const unreleased = /^## \[Unreleased\]\s*\n(?!## )\S/m.test(changelog);
  const section = changelog.split(/^## /m).find((part) => part.split('\n')[0]?.includes(version));
  const item = section ? /^[-*] (.+)$/m.exec(section)?.[1] : undefined;
  if (!item) throw new Error(`CHANGELOG.md has no notes for version ${version}`);
  const plain = item
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]/g, '')
    .trim();
  return { firstItem: plain, unreleased };
}

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
    for (const [label, url, title] of targets) {
      await menu(page).getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(menu(page).getByRole('link', { name: label, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(menu(page)).toBeInViewport();
      await axe(`${url} from the menu on a wide screen`);
    }
    await axe('admin menu on a wide screen');
  });

  test('the version button opens the release notes from the CHANGELOG', async ({ page, axe }) => {
    await signIn(page, 'admin');
    await axe('admin home before opening the release notes');
    const versionButton = menu(page).getByRole('button', { name: /^v\d+\.\d+\.\d+/ });
    const version = ((await versionButton.textContent()) ?? '').trim().replace(/^v/, '');
    const notes = releaseNotes(version);

    await versionButton.click();
    const dialog = page.getByRole('dialog', { name: 'Notes de version' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: new RegExp(escapeRegExp(version)) })).toBeVisible();
    // Releases only: not the file's preamble for developers, nor an empty "Unreleased" section.
    await expect(dialog.getByText('Keep a Changelog')).toHaveCount(0);
    await expect(dialog.getByRole('heading', { name: 'Unreleased' })).toHaveCount(notes.unreleased ? 1 : 0);
    // The markdown is rendered: the version's first note reads as plain text.
    await expect(dialog).toContainText(notes.firstItem);
    await axe('release notes dialog');

    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('admin side menu on a phone (360x740)', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('hides behind a burger, opens as an overlay and closes after navigating', async ({ page, axe }) => {
    await signIn(page, 'admin');
    const burger = page.getByRole('button', { name: 'Ouvrir le menu' });
    await expect(burger).toBeVisible();
    await expect(menu(page)).not.toBeInViewport();
    await axe('admin home on a phone, menu closed');

    await burger.click();
    await expect(menu(page)).toBeInViewport();
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
