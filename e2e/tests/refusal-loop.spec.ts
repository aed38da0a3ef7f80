import type { APIRequestContext } from '@playwright/test';
import { apiAs } from '../api.ts';
import { expect, expectFitsWidth, readOutboxMail, signIn, test, toastWith } from '../fixtures.ts';

// Issue 26, points 1, 2 and 6: a supervisor on a phone refuses a line; the office, at its desk, is
// told (menu badge, alert), corrects the line from the timesheet and comes back to it; the week,
// reopened with only the corrected line highlighted, is approved from the phone.

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
const addDays = (date: string, days: number) =>
  new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);
/** A day of last pay week (Sunday to Saturday, America/Toronto): 0 its Sunday, 1 its Monday… */
const lastWeekDay = (days: number) => {
  const sunday = addDays(today(), -7 - new Date(`${today()}T00:00:00Z`).getUTCDay());
  return addDays(sunday, days);
};

/**
 * A supervisor of a client of their own, a site with last week's Monday (8 h) and Tuesday (9,5 h)
 * of one worker, and that week's timesheet sent: the link of the supervisor's e-mail.
 */
async function sentWeek(request: APIRequestContext) {
  const tag = unique();
  const api = apiAs(request, 'admin');
  const client = await api.call('POST /clients', { body: { name: `Béton ${tag}` } });
  const email = `nadia.${tag}@e2e.brigade.test`;
  const supervisor = await api.call('POST /supervisors', {
    body: {
      firstName: 'Nadia',
      lastName: `Roy ${tag}`,
      email,
      clientId: client.id,
      invitationChannel: 'none',
    },
  });
  const site = await api.call('POST /clients/:id/sites', {
    params: { id: client.id },
    body: { name: `Pont ${tag}`, city: 'Laval', supervisorIds: [supervisor.id] },
  });
  const worker = await api.call('POST /employees', {
    body: {
      employeeNumber: `RL-${tag}`,
      firstName: 'Luc',
      lastName: `Tremblay ${tag}`,
      language: 'fr',
      invitationChannel: 'none',
    },
  });
  for (const [day, endTime] of [
    [1, '15:00'],
    [2, '16:30'],
  ] as const) {
    await api.call('POST /time-entries', {
      body: {
        employeeId: worker.id,
        siteId: site.id,
        workDate: lastWeekDay(day),
        startTime: '07:00',
        endTime,
        breakMinutes: 0,
      },
    });
  }
  const sheet = await api.call('POST /timesheets', { body: { siteId: site.id, week: lastWeekDay(3) } });
  const since = Date.now();
  await api.call('POST /timesheets/:id/send', { params: { id: sheet.id }, body: {} });
  const mail = await readOutboxMail(email, { since });
  const link = /https?:\/\/\S+\/magic-link-login\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in ${mail.text}`);
  return { tag, site, worker, sheet, link: new URL(link).pathname };
}

test.describe('a refused line, settled before the week is approved', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the supervisor refuses on a phone, the office corrects at its desk, the supervisor approves what changed', async ({
    page,
    browser,
    request,
    axe,
  }) => {
    const { site, worker, sheet, link } = await sentWeek(request);

    // The supervisor, on a phone, from the e-mail's link.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await context.newPage();
    await phone.goto(link);
    await expect(phone).toHaveURL(`/timesheets/edit/${sheet.id}`);
    await expect(phone.getByTestId('timesheet-status')).toHaveText('Envoyée');
    await expect(phone.getByTestId('timesheet-total')).toHaveText('17,5 h');
    const line = phone.getByTestId('timesheet-line').filter({ hasText: worker.lastName });
    const tuesday = line.getByTestId('timesheet-entry').nth(1);
    await expect(tuesday).toContainText('07:00–16:30');
    await tuesday.getByRole('button', { name: /^Refuser — / }).click();
    const dialog = phone.getByRole('dialog', { name: 'Refuser cette ligne' });
    await dialog.getByRole('textbox', { name: 'Raison' }).fill('Parti à 14 h');
    await dialog.getByTestId('reject-confirm').click();
    await expect(phone.getByRole('dialog')).toHaveCount(0);
    // The refused 9,5 h are in no total; the week waits for the office.
    await expect(phone.getByTestId('timesheet-total')).toHaveText('8 h');
    await expect(phone.getByTestId('timesheet-refused-lines')).toContainText('Lignes refusées à régler : 1');
    await expect(phone.getByTestId('timesheet-approve')).toBeDisabled();
    await expectFitsWidth(phone, 390);

    // The office, at 1440: the badge on Feuilles de temps, the alert, the timesheet.
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin', '/alerts');
    await expect(page.getByTestId('badge-timesheets')).toBeVisible();
    const alert = page
      .getByTestId('alerts-timesheet_line_refused')
      .getByRole('listitem')
      .filter({ hasText: site.name });
    await expect(alert).toContainText(`Luc ${worker.lastName}`);
    await expect(alert).toContainText('Parti à 14 h');
    await axe('alerts with a refused line');
    await alert.getByRole('link', { name: new RegExp(site.name) }).click();
    await expect(page).toHaveURL(`/timesheets/edit/${sheet.id}`);
    const row = page.getByRole('row', { name: new RegExp(worker.lastName) });
    const refused = row.getByTestId('timesheet-entry').nth(1);
    await expect(refused).toContainText('Refusée par Nadia');
    await refused.getByRole('link', { name: /^Modifier/ }).click();
    await expect(page).toHaveURL(/\/time-logger\/[0-9a-f-]+\?returnTo=/);
    await page.getByRole('combobox', { name: 'Fin' }).selectOption('14:00');
    await page.getByTestId('form-save').click();
    await expect(toastWith(page, 'Heures enregistrées.')).toBeVisible();
    // Back on the timesheet, not on the worker's week with an error.
    await expect(page).toHaveURL(`/timesheets/edit/${sheet.id}`);
    await expect(page.getByTestId('timesheet-status')).toHaveText('Rouverte — à réapprouver');
    await expect(page.getByTestId('timesheet-total')).toHaveText('15 h');
    await expect(page.getByText('Certains champs sont invalides.')).toHaveCount(0);
    await axe('a reopened timesheet, for the office');

    // The supervisor's phone: only the corrected line highlighted; approved in two taps.
    await phone.reload();
    await expect(phone.getByTestId('timesheet-status')).toHaveText('Rouverte — à réapprouver');
    await expect(phone.getByTestId('timesheet-reopened')).toBeVisible();
    await expect(
      line.getByTestId('timesheet-entry').nth(0).getByTestId('timesheet-entry-changed'),
    ).toHaveCount(0);
    await expect(
      line.getByTestId('timesheet-entry').nth(1).getByTestId('timesheet-entry-changed'),
    ).toHaveText('Modifiée');
    await expect(line.getByTestId('timesheet-entry').nth(1)).toContainText('07:00–14:00');
    await expectFitsWidth(phone, 390);
    await phone.getByTestId('timesheet-approve').click();
    await phone.getByTestId('confirm-action').click();
    await expect(phone.getByTestId('timesheet-status')).toHaveText('Approuvée');
    await expect(phone.getByTestId('timesheet-total')).toHaveText('15 h');
    await context.close();

    // The e-mail's link opened again after the approval: the week, read-only (issue 26, point 5).
    const later = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const reread = await later.newPage();
    await reread.goto(link);
    await expect(reread).toHaveURL(`/timesheets/edit/${sheet.id}`);
    await expect(reread.getByTestId('timesheet-status')).toHaveText('Approuvée');
    await expect(reread.getByTestId('timesheet-approve')).toHaveCount(0);
    await expect(reread.getByRole('button', { name: /^Refuser — / })).toHaveCount(0);
    await expect(reread.getByText('Adresse IP')).toHaveCount(0);
    await later.close();

    // The office sees who approved, and from where.
    await page.reload();
    await expect(page.getByTestId('timesheet-approver-origin')).toContainText('Adresse IP');
  });

  test('the office opening /time-entries picks a worker, with no error', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin', '/time-entries');
    await expect(page.getByTestId('time-entries-worker')).toBeVisible();
    await expect(page.getByText('Certains champs sont invalides.')).toHaveCount(0);
  });
});
