import { apiAs } from '../api.ts';
import { expect, expectFitsWidth, readOutboxMail, signIn, test, toastWith } from '../fixtures.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
const addDays = (date: string, days: number) =>
  new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);
/** The Sunday of last week: a past week, whole. */
const lastWeekStart = () => {
  const day = addDays(today(), -7);
  return addDays(day, -new Date(`${day}T00:00:00Z`).getUTCDay());
};

test.describe('timesheets', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the office sends a site’s week; the supervisor opens the e-mail’s link on a phone and approves it; the send button is gone', async ({
    page,
    browser,
    request,
    axe,
  }) => {
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
      body: { name: `Tour ${tag}`, city: 'Laval', po: 'PO-77', supervisorIds: [supervisor.id] },
    });
    const worker = await api.call('POST /employees', {
      body: {
        employeeNumber: `TS-${tag}`,
        firstName: 'Luc',
        lastName: `Tremblay ${tag}`,
        language: 'fr',
        invitationChannel: 'none',
      },
    });
    const week = lastWeekStart();
    for (const [offset, end] of [
      [1, '16:30'],
      [2, '15:30'],
    ] as const) {
      await api.call('POST /time-entries', {
        body: {
          employeeId: worker.id,
          siteId: site.id,
          workDate: addDays(week, offset),
          startTime: '07:00',
          endTime: end,
          breakMinutes: 30,
          parking: offset === 1 ? 12.5 : 0,
        },
      });
    }

    // The office: a new timesheet for the site, last week (the default).
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, 'admin', '/timesheets/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Nouvelle feuille de temps' })).toBeVisible();
    const picker = page.getByRole('combobox', { name: 'Chantier' });
    await picker.click();
    await picker.fill(tag);
    await page.getByRole('option', { name: new RegExp(`^Tour ${tag}`) }).click();
    await axe('timesheet create');
    await page.getByRole('button', { name: 'Créer la feuille de temps' }).click();
    await expect(page).toHaveURL(/\/timesheets\/edit\/[0-9a-f-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: `Tour ${tag}` })).toBeVisible();
    await expect(page.getByTestId('timesheet-line')).toHaveCount(1);
    await expect(page.getByTestId('timesheet-total')).toHaveText('17 h');
    await expect(page.getByTestId('timesheet-status')).toHaveText('Brouillon');
    await axe('timesheet');

    await page.getByTestId('timesheet-send').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('checkbox', { name: new RegExp(`Nadia Roy ${tag}`) })).toBeChecked();
    const since = Date.now();
    await dialog.getByTestId('timesheet-send-confirm').click();
    await expect(toastWith(page, 'Feuille envoyée à 1 destinataire.')).toBeVisible();
    await expect(page.getByTestId('timesheet-status')).toHaveText('Envoyée');

    // The supervisor, on a phone, from the e-mail: no password.
    const mail = await readOutboxMail(email, { since });
    expect(mail.subject).toContain(`Feuille de temps à approuver — Tour ${tag}`);
    const link = /https?:\/\/\S+\/magic-link-login\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    if (!link) throw new Error(`no link in ${mail.text}`);
    const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await phoneContext.newPage();
    await phone.goto(new URL(link).pathname);
    await expect(phone).toHaveURL(/\/timesheets\/edit\/[0-9a-f-]+$/);
    await expect(phone.getByRole('heading', { level: 1, name: `Tour ${tag}` })).toBeVisible();
    await expect(phone.getByTestId('timesheet-total')).toHaveText('17 h');
    await expectFitsWidth(phone, 390);
    await phone.getByTestId('timesheet-approve').click();
    await phone.getByTestId('confirm-action').click();
    await expect(phone.getByTestId('timesheet-approved')).toContainText(`Approuvée par Nadia Roy ${tag}`);
    await expect(phone.getByTestId('timesheet-approve')).toHaveCount(0);
    await phoneContext.close();

    // The office sees it approved: no send button any more.
    await page.reload();
    await expect(page.getByTestId('timesheet-status')).toHaveText('Approuvée');
    await expect(page.getByTestId('timesheet-approved')).toContainText(`Nadia Roy ${tag}`);
    await expect(page.getByTestId('timesheet-send')).toHaveCount(0);
    await expect(page.getByTestId('timesheet-history')).toContainText('Approuvée');

    // The list finds it by its site, approved, with its hours.
    await page.goto('/timesheets');
    await page.getByRole('searchbox').fill(tag);
    const row = page.getByRole('row', { name: new RegExp(`Tour ${tag}`) });
    await expect(row).toContainText('Approuvée');
    await expect(row).toContainText('17 h');
    await axe('timesheets list');
  });
});

test.describe('the supervisor’s home on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('their sites today, the weeks to approve, the last approved', async ({ page, axe }) => {
    await signIn(page, 'supervisor', '/dashboard-supervisor');
    await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    const today = page.getByRole('region', { name: "Sur vos chantiers aujourd'hui" });
    await expect(today.getByTestId('dashboard-site').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'À approuver' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Approuvées récemment' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    await expectFitsWidth(page, 390);
    await axe('supervisor dashboard');
  });
});
