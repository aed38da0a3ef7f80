import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { type Api, apiAs, savedToken } from '../api.ts';
import {
  accounts,
  expect,
  expectFitsWidth,
  expectNoAxeViolations,
  readOutboxMail,
  signIn,
  test,
  toastWith,
} from '../fixtures.ts';

// The supervisor on a phone (issue 25, point 9): the week's lines with their unpaid break and their
// parking receipts' photos, touch targets a thumb can hit, their active sites only, and no screen
// for hours of their own.

test.use({ viewport: { width: 390, height: 844 } });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
const addDays = (date: string, days: number) =>
  new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);
/** A day of last pay week (Sunday to Saturday, America/Toronto): 0 its Sunday, 1 its Monday… */
const lastWeekDay = (days: number) => {
  const sunday = addDays(today(), -7 - new Date(`${today()}T00:00:00Z`).getUTCDay());
  return addDays(sunday, days);
};

/** A small receipt, as a phone's camera would send it (JPEG). */
const receipt =
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAeACgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAEC/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AvgGFAAAAAAAAAAf/2Q==';

/** The demo supervisor (Étienne Côté): their id and their client's. */
async function demoSupervisor(api: Api) {
  const page = await api.call('GET /supervisors', { query: { q: accounts.supervisor.lastName } });
  const found = page.items.find((item) => item.email === accounts.supervisor.email);
  if (!found?.clientId) throw new Error('the demo supervisor is not in the list');
  return { id: found.id, clientId: found.clientId };
}

/** A receipt's photo added to an entry, as the logger sends it (the raw image). */
async function photograph(request: APIRequestContext, entryId: string, base64: string) {
  const response = await request.fetch(`/api/time-entries/${entryId}/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${savedToken('admin')}`, 'content-type': 'image/jpeg' },
    data: Buffer.from(base64, 'base64'),
  });
  if (!response.ok()) throw new Error(`photo: HTTP ${response.status()} ${await response.text()}`);
}

/**
 * A site of `supervisor` (the demo one by default) with last week's hours of one worker: Monday
 * 07:00–15:30 less a 30-minute break, with parking and two receipt photos; Tuesday night 22:00–06:00
 * without a break; and that week's timesheet, sent (its e-mail carries the magic link).
 */
async function sentWeek(request: APIRequestContext, supervisor?: { id: string; clientId: string }) {
  const tag = unique();
  const api = apiAs(request, 'admin');
  const owner = supervisor ?? (await demoSupervisor(api));
  const site = await api.call('POST /clients/:id/sites', {
    params: { id: owner.clientId },
    body: { name: `Quai ${tag}`, city: 'Lévis', supervisorIds: [owner.id] },
  });
  const worker = await api.call('POST /employees', {
    body: {
      employeeNumber: `SP-${tag}`,
      firstName: 'Luc',
      lastName: `Tremblay ${tag}`,
      language: 'fr',
      invitationChannel: 'none',
    },
  });
  const monday = await api.call('POST /time-entries', {
    body: {
      employeeId: worker.id,
      siteId: site.id,
      workDate: lastWeekDay(1),
      startTime: '07:00',
      endTime: '15:30',
      breakMinutes: 30,
      parking: 12.5,
    },
  });
  for (let taken = 0; taken < 2; taken++) await photograph(request, monday.id, receipt);
  await api.call('POST /time-entries', {
    body: {
      employeeId: worker.id,
      siteId: site.id,
      workDate: lastWeekDay(2),
      startTime: '22:00',
      endTime: '06:00',
      breakMinutes: 0,
    },
  });
  const sheet = await api.call('POST /timesheets', { body: { siteId: site.id, week: lastWeekDay(3) } });
  const since = Date.now();
  await api.call('POST /timesheets/:id/send', { params: { id: sheet.id }, body: {} });
  return { tag, site, worker, sheet, since };
}

/**
 * The touch targets on screen smaller than 44 × 44 px: every link, button and radio of the header
 * and the page, and of any dialog or menu open, as "button "Fermer" 28×28". No exception: the
 * text links of these screens (back to the dashboard) have a 44 px target too.
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const targets =
      'a[href], button, [role="button"], input[type="radio"], [role="radio"], [role="menuitem"], [role="tab"]';
    const small = new Set<string>();
    for (const area of document.querySelectorAll('header, main, [role="dialog"], [role="menu"]')) {
      for (const target of area.querySelectorAll<HTMLElement>(targets)) {
        // A radio drawn as a label is its label's size (the input covers it, see through).
        if (!target.checkVisibility() || target.closest('[aria-hidden="true"]')) continue;
        const box = target.getBoundingClientRect();
        if (box.width >= 44 && box.height >= 44) continue;
        const label = target instanceof HTMLInputElement ? target.labels?.[0]?.textContent : null;
        const name = target.getAttribute('aria-label') ?? label ?? target.textContent?.trim() ?? '';
        small.add(
          `${target.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return [...small];
  });
}

/** The dialog of the receipt's photos, its photo `position` ("Photo 1 sur 2") shown and loaded. */
async function expectPhotoShown(page: Page, alt: string, position: string) {
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByTestId('receipt-photo-position')).toHaveText(position);
  const photo = viewer.getByRole('img', { name: `${alt} — ${position}` });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
}

/** A swipe to the left (the next photo) across `page`'s carousel, as a finger drags it. */
async function swipeLeft(page: Page) {
  const box = await page.getByRole('dialog').getByRole('region').boundingBox();
  if (!box) throw new Error('no carousel');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.8, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.2, y, { steps: 8 });
  await page.mouse.up();
}

test.describe('a week’s lines on the supervisor’s phone', () => {
  test.describe.configure({ mode: 'parallel', timeout: 90_000 });

  test('each line shows its unpaid break; its receipt’s photos open full screen, swiped, stepped through and closed', async ({
    page,
    request,
    axe,
  }) => {
    const { sheet, worker } = await sentWeek(request);
    await signIn(page, 'supervisor', `/timesheets/edit/${sheet.id}`);
    const line = page.getByTestId('timesheet-line').filter({ hasText: worker.lastName });
    const [monday, night] = [
      line.getByTestId('timesheet-entry').nth(0),
      line.getByTestId('timesheet-entry').nth(1),
    ];
    await expect(monday).toContainText('07:00–15:30');
    await expect(monday.getByTestId('timesheet-entry-break')).toHaveText('Pause 30 min');
    await expect(monday).toContainText('Stationnement 12,50 $');
    await expect(night).toContainText('22:00–06:00 (+1)');
    await expect(night.getByTestId('timesheet-entry-break')).toHaveText('Sans pause');
    await expect(night.getByTestId('timesheet-entry-photos')).toHaveCount(0);
    await expectFitsWidth(page, 390);
    await axe('timesheet on a phone, with photos');

    const photos = monday.getByRole('button', {
      name: new RegExp(`^Voir les 2 photos du reçu — Luc ${worker.lastName}, `),
    });
    await photos.click();
    const viewer = page.getByRole('dialog', { name: 'Reçu de stationnement' });
    await expect(viewer).toContainText(`Luc ${worker.lastName}, `);
    await expect(viewer).toContainText('07:00–15:30');
    const alt = 'Photo du reçu de stationnement';
    await expectPhotoShown(page, alt, 'Photo 1 sur 2');
    // Full screen on the phone.
    const size = await viewer.boundingBox();
    expect(size?.width).toBe(390);
    expect(size?.height).toBe(844);
    await expect(viewer.getByRole('button', { name: 'Photo précédente' })).toBeDisabled();
    expect(await smallTargets(page)).toEqual([]);
    await axe('receipt photos, full screen');

    await swipeLeft(page);
    await expectPhotoShown(page, alt, 'Photo 2 sur 2');
    await expect(viewer.getByRole('button', { name: 'Photo suivante' })).toBeDisabled();
    await viewer.getByRole('button', { name: 'Photo précédente' }).click();
    await expectPhotoShown(page, alt, 'Photo 1 sur 2');
    await viewer.getByRole('button', { name: 'Photo suivante' }).focus();
    await page.keyboard.press('ArrowRight');
    await expectPhotoShown(page, alt, 'Photo 2 sur 2');

    await viewer.getByRole('button', { name: 'Fermer' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(photos).toBeFocused();
    // Opened again, from its first photo.
    await photos.click();
    await expectPhotoShown(page, alt, 'Photo 1 sur 2');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Closed, the line can still be refused or the week approved.
    await expect(monday.getByRole('button', { name: /^Refuser — / })).toBeVisible();

    // On a wider screen the same lines are a table: the break there too, in each day's cell.
    await page.setViewportSize({ width: 1280, height: 900 });
    const row = page.getByRole('row', { name: new RegExp(worker.lastName) });
    await expect(row.getByTestId('timesheet-entry-break')).toHaveText(['Pause 30 min', 'Sans pause']);
    await expect(row.getByRole('button', { name: /^Voir les 2 photos du reçu — / })).toBeVisible();
    await axe('timesheet on a desktop, as its supervisor');
  });

  test('from the e-mail’s magic link, in English: the break, the photos of that week', async ({
    browser,
    request,
  }) => {
    const { page, worker, close } = await magicLinkPhone(browser, request);
    await page.getByRole('radio', { name: 'EN' }).check();
    const line = page.getByTestId('timesheet-line').filter({ hasText: worker.lastName });
    const monday = line.getByTestId('timesheet-entry').nth(0);
    await expect(monday.getByTestId('timesheet-entry-break')).toHaveText('Break 30 min');
    await expect(monday).toContainText('Parking $12.50');
    await expect(line.getByTestId('timesheet-entry').nth(1).getByTestId('timesheet-entry-break')).toHaveText(
      'No break',
    );
    await expectFitsWidth(page, 390);
    await expectNoAxeViolations(page, 'timesheet from the magic link, in English');
    await monday.getByRole('button', { name: /^See the 2 receipt photos — / }).click();
    await expect(page.getByRole('dialog', { name: 'Parking receipt' })).toBeVisible();
    await expectPhotoShown(page, 'Photo of the parking receipt', 'Photo 1 of 2');
    await page.getByRole('button', { name: 'Next photo' }).click();
    await expectPhotoShown(page, 'Photo of the parking receipt', 'Photo 2 of 2');
    await expectNoAxeViolations(page, 'receipt photos from the magic link, in English');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await close();
  });
});

/**
 * A new supervisor (of a client of their own) opens, on a phone, the link of the e-mail their week
 * came with: a session for that timesheet only.
 */
async function magicLinkPhone(browser: Browser, request: APIRequestContext) {
  const tag = unique();
  const api = apiAs(request, 'admin');
  const client = await api.call('POST /clients', { body: { name: `Coffrage ${tag}` } });
  const email = `julie.${tag}@e2e.brigade.test`;
  const supervisor = await api.call('POST /supervisors', {
    body: {
      firstName: 'Julie',
      lastName: `Roy ${tag}`,
      email,
      clientId: client.id,
      invitationChannel: 'none',
    },
  });
  const week = await sentWeek(request, { id: supervisor.id, clientId: client.id });
  const mail = await readOutboxMail(email, { since: week.since });
  const link = /https?:\/\/\S+\/magic-link-login\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in ${mail.text}`);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(new URL(link).pathname);
  await expect(page).toHaveURL(`/timesheets/edit/${week.sheet.id}`);
  await expect(page.getByRole('heading', { level: 1, name: week.site.name })).toBeVisible();
  return { ...week, page, close: () => context.close() };
}

test.describe('touch targets on a phone', () => {
  test.describe.configure({ timeout: 90_000 });

  test('every link, button and radio of the supervisor’s dashboard and timesheet, and of what they open, is 44 × 44 px at least', async ({
    page,
    request,
    browser,
    axe,
  }) => {
    const { sheet } = await sentWeek(request);
    await signIn(page, 'supervisor', '/dashboard-supervisor');
    await expect(page.getByTestId('dashboard-sheet').first()).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    expect(await smallTargets(page)).toEqual([]);
    await axe('supervisor dashboard');

    await page.goto(`/timesheets/edit/${sheet.id}`);
    await expect(page.getByTestId('timesheet-entry-photos')).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);

    // What the page opens: the download menu, the approval's confirmation, the refusal, the photos.
    await page.getByRole('button', { name: 'Télécharger' }).click();
    await expect(page.getByRole('menuitem', { name: 'PDF' })).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('timesheet-approve').click();
    await expect(page.getByTestId('confirm-action')).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
    await axe('the approval’s confirmation');
    await page.getByTestId('confirm-cancel').click();
    await page
      .getByRole('button', { name: /^Refuser — / })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: 'Refuser cette ligne' })).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
    await axe('refusing a line');
    await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByTestId('timesheet-entry-photos').click();
    await expect(page.getByRole('dialog', { name: 'Reçu de stationnement' })).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // The same page from the magic link (no way back to a dashboard: the session has none).
    const phone = await magicLinkPhone(browser, request);
    await expect(phone.page.getByTestId('timesheet-entry-photos')).toBeVisible();
    expect(await smallTargets(phone.page)).toEqual([]);
    await phone.close();
  });
});

test.describe('the supervisor’s home', () => {
  test('lists their active sites only under “Sur vos chantiers aujourd’hui”: not one ended, archived or not started', async ({
    page,
    request,
    axe,
  }) => {
    const tag = unique();
    const api = apiAs(request, 'admin');
    const owner = await demoSupervisor(api);
    const siteOf = (
      name: string,
      fields: { startDate?: string; endDate?: string; archived?: boolean } = {},
    ) =>
      api.call('POST /clients/:id/sites', {
        params: { id: owner.clientId },
        body: { name: `${name} ${tag}`, city: 'Lévis', supervisorIds: [owner.id], ...fields },
      });
    const day = today();
    await siteOf('En cours', { startDate: addDays(day, -30), endDate: addDays(day, 30) });
    await siteOf('Terminé', { startDate: addDays(day, -30), endDate: addDays(day, -3) });
    await siteOf('Archivé', { archived: true });
    await siteOf('À venir', { startDate: addDays(day, 3) });

    await signIn(page, 'supervisor', '/dashboard-supervisor');
    const onSite = page.getByRole('region', { name: "Sur vos chantiers aujourd'hui" });
    await expect(onSite.getByTestId('dashboard-site').filter({ hasText: `En cours ${tag}` })).toBeVisible();
    await expect(onSite.getByTestId('dashboard-site').filter({ hasText: tag })).toHaveCount(1);
    await axe('supervisor dashboard, active sites');
  });

  test('offers no hours of their own: their /time-entries and /time-logger say so, with the way to their dashboard', async ({
    page,
    axe,
  }) => {
    const asked: string[] = [];
    page.on('request', (sent) => {
      const { pathname } = new URL(sent.url());
      if (pathname.startsWith('/api/time-entries')) asked.push(pathname);
    });
    await signIn(page, 'supervisor', '/dashboard-supervisor');
    // Nothing of theirs links there.
    await expect(page.getByTestId('dashboard-sheet').first()).toBeVisible();
    await expect(page.locator('a[href^="/time-entries"], a[href^="/time-logger"]')).toHaveCount(0);
    // Spec §2 opens both routes to supervisors: they stay, and say there is nothing to log.
    for (const [path, title] of [
      ['/time-entries', 'Mes heures'],
      ['/time-logger', 'Saisie des heures'],
    ] as const) {
      await page.goto(path);
      await expect(page, path).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByTestId('no-own-hours')).toContainText(
        'Les heures sont inscrites par les travailleurs',
      );
      await expect(toastWith(page, /./)).toHaveCount(0);
      await axe(`${path} as a supervisor`);
    }
    expect(asked).toEqual([]);
    await page.getByRole('link', { name: 'Vers mon tableau de bord' }).click();
    await expect(page).toHaveURL('/dashboard-supervisor');
    await expect(page.getByRole('region', { name: 'À approuver' })).toBeVisible();
  });
});
