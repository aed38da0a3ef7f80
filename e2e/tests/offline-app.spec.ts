import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { apiAs, apiWithToken } from '../api.ts';
import {
  accounts,
  expect,
  expectNoAxeViolations,
  signIn,
  signInWithSession,
  submitLogin,
  test,
  toastWith,
} from '../fixtures.ts';
import { chooseSite, lastWeekDay, newSite, newWorker, saveOnUnassignedSite } from '../logger.ts';
import { startServer, testPassword, webDist } from '../server.ts';

// Issue 25, point 3: the app installed on a worker's phone opens without network (the service
// worker, apps/web/vite.config.ts), and a new release is announced, never half-loaded.

/** Resolves once the service worker has installed and answers this page's requests. */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, {
    timeout: 20_000,
  });
}

/** The logger's new hours on the test's site, saved (the site is none of the worker's assignations). */
async function logHours(page: Page, site: { tag: string; siteName: string }, start: string, end: string) {
  await chooseSite(page, site.tag, site.siteName);
  await page.getByRole('combobox', { name: 'Début' }).selectOption(start);
  await page.getByRole('combobox', { name: 'Fin' }).selectOption(end);
  await saveOnUnassignedSite(page);
}

test.describe('the app on a phone without network', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.describe.configure({ timeout: 120_000 });

  test('opens from a cold start offline with its shell, translations and last-seen week; hours saved offline go when the network is back, a refused one says why', async ({
    context,
    page,
    request,
  }) => {
    const site = await newSite(request);
    const worker = await newWorker(request, site.tag);
    const [seen, offlineDay] = [lastWeekDay(1), lastWeekDay(2)];
    await apiWithToken(request, worker.token).call('POST /time-entries', {
      body: { siteId: site.siteId, workDate: seen, startTime: '07:00', endTime: '15:00', breakMinutes: 30 },
    });

    // Online: the worker opens the logger; the service worker installs and takes the page, which
    // is then opened again (its reads now go through the worker), the site searched (not chosen: no
    // draft is left), and the week.
    await signInWithSession(page, worker, `/time-logger?date=${offlineDay}`);
    // Installed from the first touch on (the first screen keeps the network to itself until then).
    await page.getByRole('combobox', { name: 'Chantier' }).click();
    await controlledByServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // Playwright's contexts are incognito, where Chrome never offers to install: nothing else.
    expect(installabilityErrors.filter(({ errorId }) => errorId !== 'in-incognito')).toEqual([]);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Saisie des heures' })).toBeVisible();
    const picker = page.getByRole('combobox', { name: 'Chantier' });
    await picker.fill(site.tag);
    await expect(page.getByRole('option', { name: new RegExp(`^${site.siteName}`) })).toBeVisible();
    await picker.fill('');
    await page.goto(`/time-entries?week=${seen}`);
    const seenDay = page.locator(`[data-testid="time-entries-day"][data-date="${seen}"]`);
    await expect(seenDay.getByTestId('time-entries-entry')).toContainText('07:00–15:00');

    // No network; the page is closed and opened again: the shell, the French words and the week.
    await context.setOffline(true);
    await page.close();
    const phone = await context.newPage();
    await phone.goto(`/time-entries?week=${seen}`);
    await expect(phone.getByRole('heading', { level: 1, name: 'Mes heures' })).toBeVisible();
    const seenAgain = phone.locator(`[data-testid="time-entries-day"][data-date="${seen}"]`);
    await expect(seenAgain.getByTestId('time-entries-entry')).toContainText('07:00–15:00');
    await expect(seenAgain.getByTestId('time-entries-entry')).toContainText(site.siteName);
    await expectNoAxeViolations(phone, 'week, offline');

    // Two hours saved without network wait on the phone.
    await phone.goto(`/time-logger?date=${offlineDay}`);
    await expect(phone.getByRole('heading', { level: 1, name: 'Saisie des heures' })).toBeVisible();
    await expectNoAxeViolations(phone, 'logger, offline');
    await logHours(phone, site, '07:00', '11:00');
    await expect(toastWith(phone, 'Pas de réseau : heures gardées sur le téléphone.')).toBeVisible();
    await expect(phone.getByTestId('queued-entries')).toContainText('1 entrée attend le réseau');
    await phone.goto(`/time-logger?date=${offlineDay}`);
    await logHours(phone, site, '12:00', '15:00');
    const queued = phone.getByTestId('queued-entries');
    await expect(queued).toContainText('2 entrées attendent le réseau');
    await expectNoAxeViolations(phone, 'waiting entries, offline');

    // Meanwhile the office logs that afternoon for them: the second one is now refused.
    await apiAs(request, 'admin').call('POST /time-entries', {
      body: {
        employeeId: worker.user.id,
        siteId: site.siteId,
        workDate: offlineDay,
        startTime: '12:00',
        endTime: '16:00',
      },
    });

    // The network is back: the morning goes, the afternoon stays with the server's reason beside it.
    await context.setOffline(false);
    await expect(toastWith(phone, '1 entrée envoyée.')).toBeVisible();
    await expect(toastWith(phone, /^1 entrée refusée/)).toBeVisible();
    await expect(queued).toContainText('1 entrée attend le réseau');
    await expect(queued).toContainText('12:00–15:00');
    await expect(queued).toContainText('Des heures sont déjà inscrites à ce moment-là');
    await expect(queued.getByRole('button', { name: 'Retirer' })).toBeVisible();
    const offlineDayCard = phone.locator(`[data-testid="time-entries-day"][data-date="${offlineDay}"]`);
    await expect(offlineDayCard.getByTestId('time-entries-entry')).toHaveCount(2);
    await expect(offlineDayCard).toContainText('07:00–11:00');
    await expectNoAxeViolations(phone, 'refused entry');

    // What the service worker kept of the API is the worker's own screens' reads, nothing else.
    const kept = await phone.evaluate(async () =>
      (await (await caches.open('brigade-personal-api')).keys()).map(
        (request) => new URL(request.url).pathname,
      ),
    );
    expect(kept).toContain('/api/time-entries/week');
    expect(kept).toContain('/api/time-entries/sites');
    expect(
      kept.filter(
        (pathname) =>
          !/^\/api\/(time-entries\/(week|defaults|sites)|my-assignations|users\/me)$/.test(pathname),
      ),
    ).toEqual([]);

    // Signing out forgets the worker's answers the service worker kept.
    expect(await phone.evaluate(() => caches.has('brigade-personal-api'))).toBe(true);
    await phone.getByRole('banner').getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(phone).toHaveURL(/\/login/);
    await expect.poll(() => phone.evaluate(() => caches.has('brigade-personal-api'))).toBe(false);
  });

  test("the office's pages get no service worker: they always show the server's data", async ({ page }) => {
    await signIn(page, 'admin', '/employees');
    await page.waitForLoadState('load');
    // The app installs it (for the field) from the first touch on; a moment for a registration to show.
    await page.getByRole('heading', { level: 1 }).click();
    await page.waitForTimeout(500);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(
      0,
    );
  });

  test('a new version is announced, and the tap loads it whole', async ({ browser }) => {
    // A server of its own over a copy of the build: the test releases a new service worker on it.
    const web = mkdtempSync(path.join(tmpdir(), 'brigade-e2e-web-'));
    cpSync(webDist(), web, { recursive: true });
    const server = await startServer('new-version', { WEB_DIST: web });
    const context = await browser.newContext({
      baseURL: server.baseURL,
      viewport: { width: 390, height: 844 },
      locale: 'fr-CA',
      timezoneId: 'America/Toronto',
      reducedMotion: 'reduce',
    });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      await submitLogin(page, accounts.employee.email, testPassword);
      await expect(page).toHaveURL(accounts.employee.home);
      await controlledByServiceWorker(page);

      // The release: another sw.js. The browser finds it (here asked at once, as the app does when
      // the server answers a newer version), installs it, and it waits.
      appendFileSync(path.join(web, 'sw.js'), `\n// the next release, ${Date.now()}\n`);
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      const reload = page.getByRole('button', { name: 'Nouvelle version — recharger' });
      await expect(reload).toBeVisible();
      await expectNoAxeViolations(page, 'new version');

      // The tap: the new worker takes over and the page reloads on it (the flag set on this page
      // is gone), with nothing of the old one left waiting.
      await page.evaluate(() => {
        (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
      });
      await reload.click();
      await page.waitForFunction(() => !(window as unknown as { beforeUpdate?: boolean }).beforeUpdate);
      await expect(page.getByRole('heading', { level: 1, name: 'Mes heures' })).toBeVisible();
      await expect(reload).toHaveCount(0);
      await controlledByServiceWorker(page);
      expect(
        await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return { waiting: Boolean(registration?.waiting), installing: Boolean(registration?.installing) };
        }),
      ).toEqual({ waiting: false, installing: false });
    } finally {
      await context.close();
      await server.stop();
      rmSync(web, { recursive: true, force: true });
    }
  });
});
