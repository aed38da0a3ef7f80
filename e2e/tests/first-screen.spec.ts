import type { Route } from '@playwright/test';
import { expect, signInWithSession, test } from '../fixtures.ts';
import { newWorker } from '../logger.ts';

/**
 * The worker's first screen (issue 25's Lighthouse budget): the time logger opens with its own
 * translations and its day's defaults asked for by the page, and the site search's code comes once
 * the form has painted.
 */
test.describe("the worker's logger as a phone opens it", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('draws and checks the form with its own translations, the rest of them coming after', async ({
    page,
    request,
    axe,
  }) => {
    const worker = await newWorker(request);
    const asked: string[] = [];
    page.on('request', (sent) => {
      const path = new URL(sent.url()).pathname;
      if (path.startsWith('/assets/i18n/') || path.startsWith('/api/time-entries/defaults')) asked.push(path);
    });
    // The whole interface's translations do not come: the logger needs none of them.
    let refuse = true;
    await page.route(/\/assets\/i18n\/(fr|en)\.json$/, (route) =>
      refuse ? route.abort() : route.fallback(),
    );
    await signInWithSession(page, worker, '/time-logger');
    await expect(page.getByRole('heading', { name: 'Saisie des heures' })).toBeVisible();
    await expect(page.getByText('Prenez le reçu en photo')).toBeVisible();
    await axe();
    // Checked empty: the errors say what is missing (the focus then opens the site search's list,
    // which axe cannot read as a combobox's: checked before).
    await page.getByRole('button', { name: 'Enregistrer mes heures' }).click();
    await expect(page.locator('.mantine-InputWrapper-error').first()).toBeVisible();
    // No key shown for a missing text ("timeEntries.site"): every text the screen draws is there.
    expect(await page.locator('body').innerText()).not.toMatch(/\b[a-z]+[A-Z]\w*\.[a-z]\w+/);
    expect(asked).toContain('/assets/i18n/fr.field.json');
    // The page itself asked for the day's defaults, once, and the app took that answer.
    expect(asked.filter((path) => path === '/api/time-entries/defaults')).toHaveLength(1);
    expect(
      await page.evaluate(() => Object.keys((window as { brigadeEarly?: object }).brigadeEarly ?? {})),
    ).toEqual([]);

    // Once they come, the other screens have theirs.
    refuse = false;
    await page.reload();
    await expect(page.getByText('Prenez le reçu en photo')).toBeVisible();
    await expect
      .poll(() => asked.filter((path) => path === '/assets/i18n/fr.json').length)
      .toBeGreaterThan(0);
    await page.getByTestId('profile-link').click();
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.locator('body').innerText()).not.toMatch(/\b[a-z]+[A-Z]\w*\.[a-z]\w+/);
  });

  test('keeps what is typed in the site search before its code is there, with the focus', async ({
    page,
    request,
  }) => {
    const worker = await newWorker(request);
    // The search's code waits until the worker has typed.
    let release: () => void = () => undefined;
    const typed = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/SearchPickerSelect-[\w-]+\.js$/, async (route: Route) => {
      await typed;
      await route.fallback();
    });
    await signInWithSession(page, worker, '/time-logger');
    const field = page.getByRole('textbox', { name: 'Chantier' });
    await field.click();
    await page.keyboard.type('zzz-aucun');
    release();
    const search = page.getByRole('combobox', { name: 'Chantier' });
    await expect(search).toHaveValue('zzz-aucun');
    await expect(search).toBeFocused();
    await expect(page.getByText('Aucun résultat')).toBeVisible();
  });
});
