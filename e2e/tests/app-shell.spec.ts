import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures.ts';

// The frame index.html draws before the app's scripts (apps/web/src/app/shell/shell.ts), seen on a
// phone with the scripts held back, then replaced by the page.
test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

const holdScripts = (page: Page) => page.route('**/assets/**/*.js', (route) => route.abort());
const frameTitle = (page: Page) => page.locator('.shell-title');

test("before its scripts, a signed-in page shows its frame and title in the person's language; then the page replaces it where it was", async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(message.text());
  });
  await signIn(page, 'admin', '/employees');
  const heading = page.getByRole('heading', { level: 1, name: 'Employés' });
  const pageTitleBox = await heading.boundingBox();

  await holdScripts(page);
  await page.reload();
  await expect(frameTitle(page)).toHaveText('Employés');
  await expect(page.locator('.shell-lang [data-on]')).toHaveText('FR');
  await expect(page.getByText('Bonjour', { exact: false })).toBeHidden(); // the menu is a drawer on a phone
  await expect(page).toHaveTitle('Employés · Brigade');
  // Drawn, not announced: screen readers hear "loading", then the page.
  await expect(page.getByRole('status')).toHaveText('Chargement…');
  await expect(page.getByRole('heading')).toHaveCount(0);
  // Where the page's own title will be.
  const frameTitleBox = await frameTitle(page).boundingBox();
  expect(Math.abs((frameTitleBox?.x ?? 0) - (pageTitleBox?.x ?? 99))).toBeLessThanOrEqual(1);
  expect(Math.abs((frameTitleBox?.y ?? 0) - (pageTitleBox?.y ?? 99))).toBeLessThanOrEqual(2);
  expect(refused).toEqual([]);

  // In English for a person who chose English.
  await page.evaluate(() => {
    const user = JSON.parse(localStorage.getItem('brigade.user') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('brigade.user', JSON.stringify({ ...user, language: 'en' }));
  });
  await page.reload();
  await expect(frameTitle(page)).toHaveText('Employees');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.evaluate(() => {
    const user = JSON.parse(localStorage.getItem('brigade.user') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('brigade.user', JSON.stringify({ ...user, language: 'fr' }));
  });

  // With its scripts, the page takes the frame's place.
  await page.unroute('**/assets/**/*.js');
  await page.reload();
  await expect(heading).toBeVisible();
  await expect(page.locator('.shell')).toHaveCount(0);
});

test('a page the person may not open keeps the plain splash (the app then sends them home)', async ({
  page,
}) => {
  await signIn(page, 'employee');
  await holdScripts(page);
  await page.goto('/employees');
  await expect(page.getByText('Brigade', { exact: true })).toBeVisible();
  await expect(page.locator('.shell')).toHaveCount(0);
});
