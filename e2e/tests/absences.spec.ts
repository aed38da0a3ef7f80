import type { Page } from '@playwright/test';
import { type Api, apiAs } from '../api.ts';
import { expect, expectFitsWidth, signIn, test, toastWith } from '../fixtures.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The 15th of next month (Montréal), as the API and the calendar's cells name it. */
function nextMonthDay(day: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
  const [year, month] = today.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(year, month, day));
  return next.toISOString().slice(0, 10);
}
const dmy = (iso: string) => iso.split('-').reverse().join('/');

/**
 * The absence of `name` on a day of the calendar: among the day's first names, or, on a busy day
 * of the demo company, in the list of that day its "+ n autres" opens.
 */
async function expectOnDay(page: Page, date: string, name: string) {
  const day = page.locator(`[data-date="${date}"]`);
  await expect(day).toBeVisible();
  if (await day.getByText(name).count()) return;
  const calendar = page.url();
  await day.getByRole('button', { name: /autres/ }).click();
  await expect(page.getByTestId('day-filter')).toHaveText(`Absences du ${dmy(date)}`);
  await expect(page.getByText(name).first()).toBeVisible();
  await page.goto(calendar);
}

async function worker(api: Api, lastName: string) {
  return api.call('POST /employees', {
    body: {
      employeeNumber: `ABS-${unique()}`,
      firstName: 'Maxime',
      lastName,
      language: 'fr',
      invitationChannel: 'none',
    },
  });
}

test.describe('absences at desktop size', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.describe.configure({ timeout: 90_000 });

  test('an absence created from a day of the calendar shows on the calendar, the list and the employee’s page; an overlap is explained', async ({
    page,
    request,
    axe,
  }) => {
    const tag = unique();
    const employee = await worker(apiAs(request, 'admin'), `Ouellet ${tag}`);
    const day = nextMonthDay(15);
    await signIn(page, 'admin', `/absences?view=calendar&month=${day.slice(0, 7)}`);
    await expect(page.getByTestId('absence-summary')).toBeVisible();
    await expect(page.getByTestId('absence-calendar')).toBeVisible();
    // Month and day names in French, weeks from Sunday to Saturday (pay weeks).
    await expect(page.getByRole('columnheader', { name: 'lundi' })).toBeVisible();
    await expect(page.getByRole('columnheader').first()).toHaveText('dimanche');
    await expect(page.getByRole('columnheader').last()).toHaveText('samedi');
    await axe('absences calendar');

    await page.getByTestId(`calendar-add-${day}`).click();
    await expect(page).toHaveURL(new RegExp(`/absences/create\\?startsOn=${day}&endsOn=${day}`));
    await expect(page.getByRole('textbox', { name: 'Du' })).toHaveValue(dmy(day));
    await axe('absence form');
    const picker = page.getByRole('combobox', { name: 'Employé' });
    await picker.click();
    await picker.fill(tag);
    await page.getByRole('option', { name: new RegExp(`^Ouellet ${tag}, Maxime`) }).click();
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Vacances' }).click();
    const end = page.getByRole('textbox', { name: 'Au' });
    // Its calendar's weeks start on Sunday too.
    await end.click();
    await expect(page.locator('.mantine-DateInput-weekday').first()).toHaveText('di');
    await page.screenshot({ path: '/tmp/formats-date-picker-fr.png' });
    await end.press('Escape');
    await end.fill(dmy(nextMonthDay(19)));
    await end.press('Tab');
    await page.getByLabel('Motif ou commentaire').fill('Voyage en Gaspésie');
    await page.getByTestId('form-save').click();
    await expect(toastWith(page, 'Absence enregistrée.')).toBeVisible();
    await expect(page).toHaveURL(/\/absences$/);

    // In the list (found by name), with its period.
    await page.getByTestId('list-search').fill(tag);
    const row = page.getByRole('row', { name: new RegExp(`Ouellet ${tag}`) });
    await expect(row).toContainText('Vacances');
    await expect(row).toContainText(`${dmy(day)} – ${dmy(nextMonthDay(19))}`);

    // On the calendar, on each of its days.
    await page.goto(`/absences?view=calendar&month=${day.slice(0, 7)}`);
    for (const date of [day, nextMonthDay(19)]) await expectOnDay(page, date, `Ouellet ${tag}`);

    // An overlapping absence is refused, saying which one is in the way, with a link to it.
    await page.goto(`/absences/create?employeeId=${employee.id}&startsOn=${nextMonthDay(18)}`);
    await expect(page.getByRole('combobox', { name: 'Employé' })).toHaveValue(new RegExp(`Ouellet ${tag}`));
    await page.getByTestId('form-save').click();
    const overlap = page.getByTestId('absence-overlap');
    await expect(overlap).toContainText(`Vacances, du ${dmy(day)} au ${dmy(nextMonthDay(19))}`);
    await axe('absence overlap');
    await overlap.getByRole('link', { name: 'Voir cette absence' }).click();
    await expect(page).toHaveURL(/\/absences\/edit\//);
    await expect(page.getByLabel('Motif ou commentaire')).toHaveValue('Voyage en Gaspésie');

    // The employee's page lists it.
    await page.goto(`/employees/${employee.id}`);
    const card = page.getByTestId('employee-absences-table');
    await expect(card).toContainText('Vacances');
    await expect(card).toContainText('Voyage en Gaspésie');
    await axe('employee with absences');
  });

  test('a blacklist names a client; holidays of any year can be moved and restored', async ({
    page,
    request,
    axe,
  }) => {
    const tag = unique();
    const employee = await worker(apiAs(request, 'admin'), `Gauthier ${tag}`);
    await signIn(page, 'admin', `/absences/create?employeeId=${employee.id}&type=blacklist`);
    await expect(page.getByRole('textbox', { name: 'Depuis le' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Depuis le' }).fill('05/01/2026');
    await page.getByTestId('form-save').click();
    const client = page.getByRole('combobox', { name: 'Client', exact: true });
    await expect(client).toHaveAttribute('aria-invalid', 'true');
    await client.click();
    await page.getByRole('option').first().click();
    await page.getByTestId('form-save').click();
    await expect(toastWith(page, 'Absence enregistrée.')).toBeVisible();
    await page.goto(`/absences?type=blacklist&q=${tag}`);
    await expect(page.getByRole('row', { name: new RegExp(`Gauthier ${tag}`) })).toContainText('Sans fin');

    await page.goto('/absences/holidays?year=2035');
    await expect(page.getByTestId('holidays-year')).toHaveText('2035');
    const construction = page.getByTestId('holidays-construction');
    // 1 July 2035 is a Sunday: the agreements observe it on Monday the 2nd.
    await expect(construction.locator('[data-holiday="canadaDay"]')).toContainText('Lundi 2 juillet');
    await expect(page.getByTestId('vacations')).toContainText('22/07/2035 – 04/08/2035');
    await axe('holidays');
    await page.getByTestId('holiday-actions-construction-canadaDay').click();
    await page.getByRole('menuitem', { name: 'Déplacer' }).click();
    await page.getByTestId('holiday-new-date').fill('29/06/2035');
    await page.getByTestId('holiday-move-save').click();
    await expect(toastWith(page, 'Calendrier mis à jour.')).toBeVisible();
    const canada = construction.locator('[data-holiday="canadaDay"]');
    await expect(canada).toContainText('Vendredi 29 juin');
    await expect(canada).toContainText('Déplacé');
    await expect(canada).toContainText('au lieu du 02/07/2035');
    await page.getByTestId('holiday-actions-construction-canadaDay').click();
    await page.getByRole('menuitem', { name: 'Rétablir' }).click();
    await page.getByTestId('confirm-action').click();
    await expect(canada).toContainText('Lundi 2 juillet');
  });
});

test.describe('absences on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
  test.describe.configure({ timeout: 90_000 });

  test('from an employee’s page, a part of a day away; the list and calendar fit the screen', async ({
    page,
    request,
    axe,
  }) => {
    const tag = unique();
    const employee = await worker(apiAs(request, 'admin'), `Paradis ${tag}`);
    const day = nextMonthDay(8);
    await signIn(page, 'admin', `/employees/${employee.id}`);
    await page.getByTestId('employee-add-absence').click();
    await expect(page.getByRole('combobox', { name: 'Employé' })).toHaveValue(new RegExp(`Paradis ${tag}`));
    await page.getByRole('textbox', { name: 'Du' }).fill(dmy(day));
    await page.getByRole('textbox', { name: 'Du' }).press('Tab');
    await expect(page.getByRole('textbox', { name: 'Au' })).toHaveValue(dmy(day));
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Personnel' }).click();
    await page.getByTestId('absence-part-day').check({ force: true });
    await expect(page.getByRole('combobox', { name: 'De', exact: true })).toHaveValue('08:00');
    await axe('absence form on a phone');
    await expectFitsWidth(page, 375);
    await page.getByTestId('form-save').click();
    await expect(toastWith(page, 'Absence enregistrée.')).toBeVisible();

    await page.getByTestId('list-search').fill(tag);
    const card = page.getByTestId('list-card').filter({ hasText: `Paradis ${tag}` });
    await expect(card).toContainText('08:00–12:00');
    await expectFitsWidth(page, 375);
    await axe('absences list on a phone');

    await page.getByTestId('absences-view').getByRole('radio', { name: 'Calendrier' }).click();
    await expect(page.getByTestId('absence-calendar')).toBeVisible();
    await page.getByTestId('calendar-next').click();
    await expectOnDay(page, day, `Paradis ${tag}`);
    // Back on the calendar (expectOnDay may have opened the day's list): checked once it has loaded.
    await expect(page.locator(`[data-date="${day}"]`)).toBeVisible();
    await expectFitsWidth(page, 375);
    await axe('absences calendar on a phone');
  });
});
