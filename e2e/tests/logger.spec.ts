import { apiAs, apiWithToken } from '../api.ts';
import {
  expect,
  expectFitsWidth,
  readOutboxMail,
  signIn,
  signInWithSession,
  test,
  toastWith,
} from '../fixtures.ts';
import { chooseSite, lastWeekDay, newSite, newWorker, saveOnUnassignedSite } from '../logger.ts';

test.describe('the time logger on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.describe.configure({ timeout: 90_000 });

  test('a reload keeps what was typed; saved, the worker lands on the day; the office sees it flagged; approved, it is read-only', async ({
    page,
    browser,
    request,
    axe,
  }) => {
    // A worker of its own: the week's totals and the approval concern nobody else's hours.
    const { siteName, siteId, supervisorEmail, tag } = await newSite(request);
    const worker = await newWorker(request, tag);
    // Last week's Friday: low in its week on a phone's screen.
    const day = lastWeekDay(5);
    await signInWithSession(page, worker, `/time-logger?date=${day}`);
    await chooseSite(page, tag, siteName);
    await page.getByRole('combobox', { name: 'Début' }).selectOption('07:00');
    await page.getByRole('combobox', { name: 'Fin' }).selectOption('15:30');
    await page.getByRole('radio', { name: '30' }).check({ force: true });
    await page.getByRole('textbox', { name: 'Stationnement ($)' }).fill('12,50');
    await page.getByRole('textbox', { name: 'Commentaire' }).fill('Grue en panne à 10 h');

    // The phone reloads the page (or drops the tab while the camera is open): nothing is lost.
    await page.reload();
    await expect(page.getByRole('combobox', { name: /^(Chantier|Autre chantier)$/ })).toHaveValue(
      new RegExp(`^${siteName}`),
    );
    await expect(page.getByRole('combobox', { name: 'Début' })).toHaveValue('07:00');
    await expect(page.getByRole('combobox', { name: 'Fin' })).toHaveValue('15:30');
    await expect(page.getByRole('radio', { name: '30' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Stationnement ($)' })).toHaveValue('12,50');
    await expect(page.getByRole('textbox', { name: 'Commentaire' })).toHaveValue('Grue en panne à 10 h');

    // No assignation on that site that week: asked, then saved; the week opens on that day.
    await saveOnUnassignedSite(page);
    await expect(toastWith(page, 'Heures enregistrées.')).toBeVisible();
    await expect(page).toHaveURL(`/time-entries?week=${day}`);
    const dayCard = page.locator(`[data-testid="time-entries-day"][data-date="${day}"]`);
    await expect(dayCard).toHaveAttribute('data-saved', 'true');
    await expect(dayCard).toBeInViewport();
    await expect(dayCard.getByTestId('time-entries-entry')).toContainText('07:00–15:30');
    await expect(page.getByTestId('time-entries-totals')).toContainText('12,50 $');

    // The amount comes back as it is written here.
    await dayCard.getByTestId('time-entries-entry').click();
    await expect(page.getByRole('textbox', { name: 'Stationnement ($)' })).toHaveValue('12,50');
    const entryUrl = page.url();

    // The office: the site's week, the line flagged.
    const admin = apiAs(request, 'admin');
    const sheet = await admin.call('POST /timesheets', { body: { siteId, week: day } });
    const office = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const officePage = await office.newPage();
    await signIn(officePage, 'admin', `/timesheets/edit/${sheet.id}`);
    await expect(officePage.getByTestId('timesheet-no-assignation')).toHaveText('Sans affectation');
    await expect(officePage.getByTestId('timesheet-no-assignation-note')).toBeVisible();
    await office.close();

    // Sent and approved by the site's supervisor (their magic link): the worker reads, no more.
    const since = Date.now();
    await admin.call('POST /timesheets/:id/send', { params: { id: sheet.id }, body: {} });
    const mail = await readOutboxMail(supervisorEmail, { since });
    const token = /\/magic-link-login\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    if (!token) throw new Error(`no magic link in ${mail.text}`);
    const signedIn = await request.post('/api/login-magic-link', { data: { token } });
    const supervisor = apiWithToken(request, ((await signedIn.json()) as { token: string }).token);
    await supervisor.call('POST /timesheets/:id/approve', { params: { id: sheet.id } });

    await page.goto(entryUrl);
    await expect(page.getByTestId('time-entry-locked')).toContainText(
      'La feuille de temps de cette semaine est approuvée : seul le bureau peut encore changer ces heures.',
    );
    await expect(page.getByRole('combobox', { name: 'Début' })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Stationnement ($)' })).toBeDisabled();
    await expect(page.getByTestId('form-save')).toHaveCount(0);
    await expect(page.getByTestId('time-entry-delete')).toHaveCount(0);
    await axe('an approved entry, read-only');
    await expectFitsWidth(page, 390);
  });
});

test.describe('a day away, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('hours on a day the worker is away are refused in words that speak to them', async ({
    page,
    request,
  }) => {
    const { siteName, tag } = await newSite(request);
    const worker = await newWorker(request, tag);
    const day = lastWeekDay(3);
    await apiAs(request, 'admin').call('POST /absences', {
      body: { employeeId: worker.user.id, type: 'vacation', startsOn: day, endsOn: day },
    });
    await signInWithSession(page, worker, `/time-logger?date=${day}`);
    await chooseSite(page, tag, siteName);
    await saveOnUnassignedSite(page);
    await expect(
      toastWith(page, "Vous êtes absent ce jour-là : vous ne pouvez pas y inscrire d'heures."),
    ).toBeVisible();
    await expect(page).toHaveURL(`/time-logger?date=${day}`);
  });
});
