import type { APIRequestContext, Page } from '@playwright/test';
import { apiAs } from './api.ts';
import { inDays, unique } from './crew.ts';
import { expect, readOutboxMail, resetLinkIn } from './fixtures.ts';

// What the browser tests of the time logger share: a site to log on, a day of last pay week, and
// the steps of choosing the site and saving.

/** The first day of last pay week (Sunday to Saturday, America/Toronto) plus `days`. */
export const lastWeekDay = (days: number) => {
  const today = inDays(0);
  const sunday = Date.parse(today) - (new Date(today).getUTCDay() + 7) * 86_400_000;
  return new Date(sunday + days * 86_400_000).toISOString().slice(0, 10);
};

/** A site of a new client (nobody is blacklisted from it, nobody is assigned to it), its supervisor by e-mail. */
export async function newSite(request: APIRequestContext, tag = unique()) {
  const admin = apiAs(request, 'admin');
  const client = await admin.call('POST /clients', { body: { name: `Coffrages ${tag}` } });
  const supervisorEmail = `luc.${tag}@e2e.brigade.test`;
  const supervisor = await admin.call('POST /supervisors', {
    body: {
      firstName: 'Luc',
      lastName: `Dion ${tag}`,
      email: supervisorEmail,
      clientId: client.id,
      invitationChannel: 'none',
    },
  });
  const site = await admin.call('POST /clients/:id/sites', {
    params: { id: client.id },
    body: { name: `Quai ${tag}`, city: 'Lévis', supervisorIds: [supervisor.id] },
  });
  return { siteName: `Quai ${tag}`, siteId: site.id, supervisorEmail, tag };
}

/**
 * A worker of the test's own (their hours are nobody else's to add to): created by the office,
 * invited by e-mail, their password set from the invitation, which signs them in.
 */
export async function newWorker(request: APIRequestContext, tag = unique()) {
  const email = `terrain.${tag}@e2e.brigade.test`;
  const since = Date.now();
  await apiAs(request, 'admin').call('POST /employees', {
    body: {
      employeeNumber: `LOG-${tag}`,
      firstName: 'Maxime',
      lastName: `Bouchard ${tag}`,
      email,
      language: 'fr',
      invitationChannel: 'email',
    },
  });
  const link = resetLinkIn((await readOutboxMail(email, { since })).text);
  const response = await request.put('/api/forgot-password', {
    headers: { Authorization: `Bearer ${link.split('/').pop()}` },
    data: { password: 'Mot-de-passe-du-terrain-1' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { token: string; user: { id: string } };
}

/**
 * A new site (see newSite), and a day of last pay week's Monday to Friday the demo employee is not
 * away, with none of their hours left from an earlier run: the first such day, or the last with
 * `latest`. Last week, not the last few days: whatever today is, the day is never yesterday, never
 * in this week, and its card sits at the same place in its week.
 */
export async function setUpLogging(request: APIRequestContext, { latest = false } = {}) {
  const place = await newSite(request);
  const admin = apiAs(request, 'admin');
  const employee = apiAs(request, 'employee');
  const me = await employee.call('GET /users/me');
  const availability = await admin.call('GET /employees/:id/availability', {
    params: { id: me.id },
    query: { from: lastWeekDay(1), to: lastWeekDay(5) },
  });
  const day = availability.days
    .filter((each) => each.status === 'available')
    .map((each) => each.date)
    .sort()
    .at(latest ? -1 : 0);
  if (!day) throw new Error('the demo employee is away every weekday of last week');
  const week = await employee.call('GET /time-entries/week', { query: { week: day } });
  for (const entry of week.days.find((each) => each.date === day)?.entries ?? []) {
    await employee.call('DELETE /time-entries/:id', { params: { id: entry.id } });
  }
  return { ...place, day };
}

/**
 * Saves the logger's new hours as the worker: the test's site is none of their assignations that
 * week, which the logger asks them to confirm first (the office then sees the line flagged).
 */
export async function saveOnUnassignedSite(page: Page) {
  await page.getByTestId('form-save').click();
  const dialog = page.getByRole('dialog', { name: "Pas d'affectation sur ce chantier cette semaine" });
  await expect(dialog).toContainText('Le bureau en sera avisé.');
  await dialog.getByRole('button', { name: 'Enregistrer quand même' }).click();
}

/** The site found by searching `tag`, picked by keyboard. */
export async function chooseSite(page: Page, tag: string, name: string) {
  // On a day the worker has an assignation (the demo gives them some), its site is offered first
  // and the search is behind "Autre chantier".
  const picker = page.getByRole('combobox', { name: /^(Chantier|Autre chantier)$/ });
  const other = page.getByRole('radio', { name: 'Autre chantier' });
  await expect(picker.or(other)).toBeVisible();
  if (await other.isVisible()) await other.click();
  await picker.click();
  await picker.fill(tag);
  const wanted = page.getByRole('option', { name: new RegExp(`^${name}`) });
  await expect(wanted).toBeVisible();
  // By keyboard: a click meant for an option still settling once landed on the form (CI).
  for (let step = 0; step < 30 && (await wanted.getAttribute('data-combobox-selected')) === null; step++)
    await picker.press('ArrowDown');
  await picker.press('Enter');
}
