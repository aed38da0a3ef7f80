import type { Page } from '@playwright/test';
import { expect, expectFitsWidth, signIn, test } from '../fixtures.ts';

const width = 390;
// Each test opens its own pages: they run side by side.
test.describe.configure({ mode: 'parallel' });
test.use({ viewport: { width, height: 844 }, isMobile: true, hasTouch: true });

/** The master-data lists, each with the API call that brings its first page. */
const lists = [
  { path: '/clients', api: '/api/clients' },
  { path: '/supervisor', api: '/api/supervisors' },
  { path: '/employees', api: '/api/employees' },
  { path: '/skills', api: '/api/skills' },
  { path: '/tools', api: '/api/tools' },
] as const;

/** Holds the answers to GET `api` (the list, not its options) until `release` is called. */
async function holdList(page: Page, api: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === api,
    async (route) => {
      await released;
      await route.continue().catch(() => {});
    },
  );
  return release;
}

for (const list of lists) {
  test(`${list.path} is accessible while its first page loads, then shows its cards`, async ({
    page,
    axe,
  }) => {
    await signIn(page, 'admin');
    const release = await holdList(page, list.api);
    await page.goto(list.path);
    // The placeholder cards are on screen and the answer is still held: axe sees the loading state.
    await expect(page.getByTestId('list-skeleton')).toBeVisible();
    await axe(`${list.path} loading on a phone`);
    release();
    await expect(page.getByTestId('list-card').first()).toBeVisible();
    await expect(page.getByTestId('list-skeleton')).toHaveCount(0);
    await axe(`${list.path} on a phone`);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
}

for (const list of lists) {
  test(`${list.path}: a record's actions fit one row on a phone, the others under Plus d'actions`, async ({
    page,
    axe,
  }) => {
    await signIn(page, 'admin', list.path);
    await page.getByTestId('list-card').first().getByRole('link').first().click();
    const actions = page.getByTestId('record-actions');
    await expect(actions).toBeVisible();
    const rows = await actions.evaluate((element) =>
      [...element.children].map((child) => Math.round(child.getBoundingClientRect().top)),
    );
    expect(new Set(rows).size, `${list.path}: one row of actions (${rows.join(', ')})`).toBe(1);
    await expect(actions.getByRole('link', { name: 'Modifier' })).toBeVisible();
    await expectFitsWidth(page, width);
    await axe(`${list.path} record page on a phone`);

    await actions.getByRole('button', { name: "Plus d'actions" }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: /^(Archiver|Supprimer|Réactiver)/ })).toBeVisible();
    if (list.path === '/employees' || list.path === '/supervisor') {
      await expect(menu.getByRole('menuitem', { name: /texto|courriel/i }).first()).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
  });
}
