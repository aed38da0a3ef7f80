import { companyInstant } from '@brigade/shared/shift-times';
import type { Locator, Page } from '@playwright/test';
import { apiAs } from '../api.ts';
import { inDays } from '../crew.ts';
import { expect, expectFitsWidth, signIn, signInWithForm, test, toastWith } from '../fixtures.ts';
import { chooseSite, saveOnUnassignedSite, setUpLogging } from '../logger.ts';

/** A tiny photo of a receipt, as a phone's camera would give it (JPEG). */
const receiptJpeg =
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAeACgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAEC/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AvgGFAAAAAAAAAAf/2Q==';

/** The receipt, photographed with the logger's camera button. */
function photographReceipt(page: Page) {
  return page.locator('input[type="file"]').setInputFiles({
    name: 'recu.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from(receiptJpeg, 'base64'),
  });
}

/**
 * Whether `toast` is gone once the page's clock (paused by the test) has moved on by at most `ms`,
 * 50 ms at a time: the page draws between the steps, so a toast closed at once goes in the first ones.
 */
async function goneWithin(page: Page, toast: Locator, ms: number): Promise<boolean> {
  for (let elapsed = 0; elapsed < ms; elapsed += 50) {
    if ((await toast.count()) === 0) return true;
    await page.clock.runFor(50);
  }
  return (await toast.count()) === 0;
}

test.describe('time entries on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.describe.configure({ timeout: 90_000 });

  test('a worker logs a day from the week, sees the totals, corrects it, is refused an overlap, deletes it', async ({
    page,
    request,
    axe,
  }) => {
    const { siteName, tag, day } = await setUpLogging(request);
    await signIn(page, 'employee', `/time-entries?week=${day}`);
    await expect(page.getByTestId('time-entries-totals')).toBeVisible();
    await axe('time entries week');
    await expectFitsWidth(page, 390);

    await page.locator(`[data-testid="time-entries-day"][data-date="${day}"]`).getByRole('link').click();
    await expect(page).toHaveURL(`/time-logger?date=${day}`);
    await expect(page.getByRole('radio', { name: 'Autre jour' })).toBeChecked();
    await chooseSite(page, tag, siteName);
    await page.getByRole('combobox', { name: 'Début' }).selectOption('06:30');
    await page.getByRole('combobox', { name: 'Fin' }).selectOption('15:00');
    await page.getByRole('radio', { name: '30' }).check({ force: true });
    await expect(page.getByTestId('time-entry-worked')).toContainText('8 h');
    await page.getByRole('textbox', { name: 'Stationnement ($)' }).fill('12,50');
    // The receipt, photographed: shown at once, sent with the hours.
    await photographReceipt(page);
    await expect(page.getByRole('img', { name: 'Reçu, photo 1' })).toBeVisible();
    await axe('time logger');
    await expectFitsWidth(page, 390);
    await saveOnUnassignedSite(page);

    await expect(toastWith(page, 'Heures enregistrées.')).toBeVisible();
    await expect(page).toHaveURL(`/time-entries?week=${day}`);
    const dayCard = page.locator(`[data-testid="time-entries-day"][data-date="${day}"]`);
    await expect(dayCard.getByTestId('time-entries-entry')).toContainText(siteName);
    await expect(dayCard.getByTestId('time-entries-entry')).toContainText('06:30–15:00');
    await expect(dayCard.getByTestId('time-entries-day-total')).toHaveText('8 h');
    await expect(page.getByTestId('time-entries-totals')).toContainText('12,50 $');

    // Corrected: a quarter hour later.
    await dayCard.getByTestId('time-entries-entry').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Modifier les heures' })).toBeVisible();
    // The photo came back from the server (re-encoded, its thumbnail).
    await expect(page.getByRole('img', { name: 'Reçu, photo 1' })).toHaveJSProperty('complete', true);
    await expect(page.getByRole('img', { name: 'Reçu, photo 1' })).toHaveAttribute('src', /^blob:/);
    await page.getByRole('combobox', { name: 'Fin' }).selectOption('15:15');
    await expect(page.getByTestId('time-entry-worked')).toContainText('8,25 h');
    await page.getByTestId('form-save').click();
    // The first save's toast may still be there (3 s).
    await expect(toastWith(page, 'Heures enregistrées.').last()).toBeVisible();
    await expect(dayCard.getByTestId('time-entries-day-total')).toHaveText('8,25 h');

    // The same hours again are refused, saying which.
    await dayCard.getByRole('link', { name: /^Ajouter des heures le/ }).click();
    await chooseSite(page, tag, siteName);
    await page.getByRole('combobox', { name: 'Début' }).selectOption('14:00');
    await page.getByRole('combobox', { name: 'Fin' }).selectOption('18:00');
    await page.getByRole('radio', { name: '0', exact: true }).check({ force: true });
    await saveOnUnassignedSite(page);
    await expect(
      toastWith(
        page,
        `Des heures sont déjà inscrites à ce moment-là (${day.split('-').reverse().join('/')}, 06:30–15:15, ${siteName}).`,
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(`/time-logger?date=${day}`);

    // Deleted after a confirmation that names them.
    await page.goto(`/time-entries?week=${day}`);
    await dayCard.getByTestId('time-entries-entry').click();
    await page.getByTestId('time-entry-delete').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('06:30–15:15');
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await expect(toastWith(page, 'Heures supprimées.')).toBeVisible();
    await expect(page).toHaveURL(`/time-entries?week=${day}`);
    await expect(dayCard).toContainText('Aucune heure');
  });
});

test.describe('time entries without network', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.describe.configure({ timeout: 90_000 });

  test('hours typed offline wait on the phone and go, once, when the network comes back', async ({
    page,
    context,
    request,
  }) => {
    const { siteName, tag, day } = await setUpLogging(request);
    await signIn(page, 'employee', `/time-logger?date=${day}`);
    await chooseSite(page, tag, siteName);
    await page.getByRole('combobox', { name: 'Début' }).selectOption('07:00');
    await page.getByRole('combobox', { name: 'Fin' }).selectOption('11:00');
    await page.getByRole('radio', { name: '0', exact: true }).check({ force: true });
    await page.getByRole('textbox', { name: 'Stationnement ($)' }).fill('9');
    await photographReceipt(page);
    await expect(page.getByRole('img', { name: 'Reçu, photo 1' })).toBeVisible();

    // The receipt's photo waits with the hours (in IndexedDB), and goes after them.
    await context.setOffline(true);
    await saveOnUnassignedSite(page);
    const queuedToast = toastWith(page, 'Pas de réseau : heures gardées sur le téléphone.');
    await expect(queuedToast).toBeVisible();
    await expect(page).toHaveURL(`/time-entries?week=${day}`);
    // What lasts is said by the page, not by the toast.
    await expect(page.getByTestId('queued-entries')).toContainText('1 entrée attend le réseau');
    await expect(page.getByTestId('queued-entries')).toContainText(`07:00–11:00 · ${siteName}`);
    await expect(page.getByTestId('queued-entries')).toContainText('1 photo de reçu en attente');

    await context.setOffline(false);
    await expect(toastWith(page, '1 entrée envoyée.')).toBeVisible();
    await expect(queuedToast).toHaveCount(0);
    await expect(page.getByTestId('queued-entries')).toHaveCount(0);
    const dayCard = page.locator(`[data-testid="time-entries-day"][data-date="${day}"]`);
    await expect(dayCard.getByTestId('time-entries-entry')).toHaveCount(1);
    await expect(dayCard.getByTestId('time-entries-entry')).toContainText('07:00–11:00');
    await dayCard.getByTestId('time-entries-entry').click();
    await expect(page.getByRole('img', { name: 'Reçu, photo 1' })).toHaveAttribute('src', /^blob:/);
  });

  test('on a phone a toast sits over the header, lets a tap through, counts down under a finger and goes with a swipe', async ({
    page,
  }) => {
    const greeting = toastWith(page, /^Bonjour /);
    const pageNow = () => page.evaluate(() => Date.now());
    // Stops the page's clock a moment from now. On a busy machine that moment may have passed by
    // the time the call arrives ("Cannot fast-forward to the past"): then again, from the new now.
    const pauseSoon = async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          await page.clock.pauseAt((await pageNow()) + 100);
          return;
        } catch (error) {
          if (attempt >= 5 || !String(error).includes('past')) throw error;
        }
      }
    };
    // Time flows as usual until the test stops it: each toast then stays until the clock moves.
    await page.clock.install();

    await signInWithForm(page, 'employee');
    await expect(greeting).toBeVisible();
    await pauseSoon();
    const box = await greeting.boundingBox();
    if (!box) throw new Error('the greeting has no box');
    // Over the header (56 px high), not over the week's days.
    expect(box.y + box.height).toBeLessThanOrEqual(56);
    // A tap where it shows reaches the page under it…
    const center = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    expect(
      await page.evaluate(
        ({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('.mantine-Notification-root')),
        center,
      ),
    ).toBe(false);
    // …and a finger resting there does not hold it open: it goes after its 3 seconds.
    await page.mouse.move(center.x, center.y);
    expect(await goneWithin(page, greeting, 4_000)).toBe(true);

    // A swipe of the page sends a toast away at once.
    await page.clock.resume();
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL('/login');
    await signInWithForm(page, 'employee');
    await expect(greeting).toBeVisible();
    await pauseSoon();
    await page.mouse.move(200, 600);
    await page.mouse.wheel(0, 200);
    expect(await goneWithin(page, greeting, 1_500)).toBe(true);
  });
});

test.describe('a worker’s hours at desktop size', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the office opens a worker’s weeks from their page', async ({ page, request, axe }) => {
    const me = await apiAs(request, 'employee').call('GET /users/me');
    await signIn(page, 'admin', `/employees/${me.id}`);
    await page.getByTestId('employee-hours').click();
    await expect(page).toHaveURL(`/time-entries/${me.id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Heures de ${me.firstName} ${me.lastName}` }),
    ).toBeVisible();
    await expect(page.getByTestId('time-entries-day')).toHaveCount(7);
    await axe('a worker’s week, for the office');
    await page.getByRole('button', { name: 'Semaine précédente' }).click();
    await expect(page).toHaveURL(new RegExp(`/time-entries/${me.id}\\?week=`));
    await expect(page.getByRole('link', { name: 'Ajouter des heures', exact: true })).toHaveAttribute(
      'href',
      `/time-logger?employeeId=${me.id}`,
    );
  });

  test('the office opening the logger names the worker first', async ({ page, request, axe }) => {
    const me = await apiAs(request, 'employee').call('GET /users/me');
    await signIn(page, 'admin', '/time-logger');
    const picker = page.getByRole('combobox', { name: 'Travailleur' });
    await expect(page.getByTestId('time-entry-form')).toHaveCount(0);
    await axe('time logger, worker to name');
    await picker.click();
    await picker.fill(me.lastName);
    await page
      .getByRole('option', { name: new RegExp(`^${me.firstName} ${me.lastName}`) })
      .first()
      .click();
    await expect(page).toHaveURL(`/time-logger?employeeId=${me.id}`);
    await expect(page.getByTestId('time-entry-form')).toBeVisible();
  });
});

test.describe('a night shift on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.describe.configure({ timeout: 90_000 });

  test('a worker logs 22:00–06:00 as one entry: “Fin le lendemain”, then on the start day of their week', async ({
    page,
    request,
    axe,
  }) => {
    const { siteName, tag, day } = await setUpLogging(request);
    const nextDay = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
    await signIn(page, 'employee', `/time-logger?date=${day}`);
    await chooseSite(page, tag, siteName);
    const end = page.getByRole('combobox', { name: 'Fin' });
    await page.getByRole('combobox', { name: 'Début' }).selectOption('22:00');
    await end.selectOption('23:30');
    await expect(page.getByTestId('time-entry-next-day')).toHaveCount(0);
    // An end before the start: the next morning, said beside the end time as soon as it is picked.
    await end.selectOption('06:00');
    await expect(page.getByTestId('time-entry-next-day')).toHaveText('Fin le lendemain');
    await expect(end).toHaveAccessibleDescription('Fin le lendemain');
    // Said within a sentence: "le mardi 17 novembre" (a weekday of last week: Monday to Friday).
    await expect(
      page.getByText(/^Ces heures comptent le [a-z]+di \d{1,2} [a-zéû]+, jour où elles commencent\.$/),
    ).toBeVisible();
    await page.getByRole('radio', { name: '30' }).check({ force: true });
    await expect(page.getByTestId('time-entry-worked')).toContainText('7,5 h');
    await axe('time logger, a night shift');
    await expectFitsWidth(page, 390);
    await saveOnUnassignedSite(page);

    await expect(toastWith(page, 'Heures enregistrées.')).toBeVisible();
    await expect(page).toHaveURL(`/time-entries?week=${day}`);
    const dayCard = page.locator(`[data-testid="time-entries-day"][data-date="${day}"]`);
    await expect(dayCard.getByTestId('time-entries-entry')).toContainText('22:00–06:00 (+1)');
    await expect(dayCard.getByTestId('time-entries-day-total')).toHaveText('7,5 h');
    // Nothing of it on the next day: night hours count on the day they start, and the week says so.
    const nextCard = page.locator(`[data-testid="time-entries-day"][data-date="${nextDay}"]`);
    await expect(nextCard).not.toContainText('22:00');
    await expect(page.getByTestId('time-entries-night-note')).toHaveText(
      '(+1) : fin le lendemain. Les heures de nuit comptent le jour où elles commencent.',
    );
    await axe('time entries week, a night shift');
    await expectFitsWidth(page, 390);

    // Opened again, it reads the same.
    await dayCard.getByTestId('time-entries-entry').click();
    await expect(page.getByRole('combobox', { name: 'Fin' })).toHaveValue('06:00');
    await expect(page.getByTestId('time-entry-next-day')).toBeVisible();
  });

  test('a night logged the morning after on “today” is offered as yesterday’s, in one tap', async ({
    page,
    axe,
  }) => {
    // 06:30 in Montréal this morning, whatever time it is.
    await page.clock.setFixedTime(companyInstant(inDays(0), 6 * 60 + 30));
    await signIn(page, 'employee', '/time-logger');
    await expect(page.getByRole('radio', { name: "Aujourd'hui" })).toBeChecked();
    await page.getByRole('combobox', { name: 'Début' }).selectOption('22:00');
    await page.getByRole('combobox', { name: 'Fin' }).selectOption('06:00');
    const tonight = page.getByTestId('time-entry-night-tonight');
    await expect(tonight).toContainText('Cette nuit commence ce soir à 22:00. Vous venez de la finir ?');
    await axe('time logger, a night that starts tonight');
    await tonight.getByRole('button', { name: 'Elle a commencé hier' }).click();
    await expect(page.getByRole('radio', { name: 'Hier' })).toBeChecked();
    await expect(tonight).toHaveCount(0);
    await expect(page.getByTestId('time-entry-next-day')).toBeVisible();
  });
});
