import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { apiAs, savedToken } from '../api.ts';
import { unique } from '../crew.ts';
import { accounts, demoPassword, expect, signIn, submitLogin, test, toastWith } from '../fixtures.ts';

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
const addDays = (date: string, days: number) =>
  new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);
/** A small receipt, as a phone's camera would send it (JPEG). */
const receipt =
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAeACgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAEC/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AvgGFAAAAAAAAAAf/2Q==';
/** The Sunday of last week: the reports' default period, a whole past pay week. */
const lastWeekStart = () => {
  const day = addDays(today(), -7);
  return addDays(day, -new Date(`${day}T00:00:00Z`).getUTCDay());
};

test.describe('reports', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the office previews last pay week’s hours of one client (table and chart), downloads the workbook and reads it back', async ({
    page,
    request,
    axe,
  }) => {
    const tag = unique();
    const api = apiAs(request, 'admin');
    const client = await api.call('POST /clients', { body: { name: `Rapports ${tag}` } });
    const supervisor = await api.call('POST /supervisors', {
      body: {
        firstName: 'Rita',
        lastName: `Roy ${tag}`,
        email: `rita.${tag}@e2e.brigade.test`,
        clientId: client.id,
        invitationChannel: 'none',
      },
    });
    const site = await api.call('POST /clients/:id/sites', {
      params: { id: client.id },
      body: { name: `Tour ${tag}`, city: 'Laval', supervisorIds: [supervisor.id] },
    });
    const worker = await api.call('POST /employees', {
      body: {
        employeeNumber: `RP-${tag}`,
        firstName: 'Élodie',
        lastName: `Gagnon ${tag}`,
        language: 'fr',
        invitationChannel: 'none',
      },
    });
    const week = lastWeekStart();
    // Monday 9 h (1 h over the day's 8: overtime) with 12,50 $ of parking, Tuesday 8 h.
    for (const [offset, end, parking] of [
      [1, '16:30', 12.5],
      [2, '15:30', 0],
    ] as const) {
      await api.call('POST /time-entries', {
        body: {
          employeeId: worker.id,
          siteId: site.id,
          workDate: addDays(week, offset),
          startTime: '07:00',
          endTime: end,
          breakMinutes: 30,
          parking,
        },
      });
    }

    await signIn(page, 'admin', '/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Rapports' })).toBeVisible();
    // The first report is picked, for last pay week.
    await expect(page.getByTestId('report-employees-hours')).toHaveAttribute('aria-current', 'true');
    const filter = page.getByRole('combobox', { name: 'Client' });
    await filter.click();
    await filter.fill(tag);
    await page.getByRole('option', { name: `Rapports ${tag}` }).click();

    const table = page.getByTestId('report-preview-table');
    const row = table.getByRole('row').filter({ hasText: `Gagnon ${tag}` });
    await expect(row).toContainText('17 h');
    await expect(row).toContainText('12,50 $');
    await expect(page.getByTestId('report-preview-chart')).toBeVisible();
    await axe('reports with a preview');

    const download = page.waitForEvent('download');
    // The choice lives in the address: the radio turns on once the router has moved there.
    const excel = page.getByTestId('report-format').getByRole('radio', { name: 'Excel' });
    await excel.click();
    await expect(excel).toBeChecked();
    await page.getByTestId('report-download').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`heures-employes_${week}_${addDays(week, 6)}.xlsx`);
    await expect(toastWith(page, `${file.suggestedFilename()} téléchargé.`)).toBeVisible();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
    const cells = book.worksheets.flatMap((sheet) =>
      sheet.getSheetValues().flatMap((values) => (Array.isArray(values) ? values : [])),
    );
    expect(cells.some((cell) => typeof cell === 'string' && cell.includes(`Gagnon ${tag}`))).toBe(true);

    // The address keeps the choices: a reload shows the same report, period and client.
    await page.reload();
    await expect(
      page
        .getByTestId('report-preview-table')
        .getByRole('row')
        .filter({ hasText: `Gagnon ${tag}` }),
    ).toBeVisible();

    // Another week with nothing: the preview says so, and the document would too.
    await page.getByTestId('report-period-previous').click();
    await expect(page.getByTestId('report-preview-empty')).toBeVisible();
  });

  test('a photo link of the parking photos workbook opens the photo once the office is signed in', async ({
    page,
    request,
  }) => {
    const tag = unique();
    const api = apiAs(request, 'admin');
    const client = await api.call('POST /clients', { body: { name: `Reçus ${tag}` } });
    const supervisor = await api.call('POST /supervisors', {
      body: {
        firstName: 'Rémi',
        lastName: `Roy ${tag}`,
        email: `remi.${tag}@e2e.brigade.test`,
        clientId: client.id,
        invitationChannel: 'none',
      },
    });
    const site = await api.call('POST /clients/:id/sites', {
      params: { id: client.id },
      body: { name: `Quai ${tag}`, city: 'Laval', supervisorIds: [supervisor.id] },
    });
    const worker = await api.call('POST /employees', {
      body: {
        employeeNumber: `RC-${tag}`,
        firstName: 'Luc',
        lastName: `Paquette ${tag}`,
        language: 'fr',
        invitationChannel: 'none',
      },
    });
    const week = lastWeekStart();
    const entry = await api.call('POST /time-entries', {
      body: {
        employeeId: worker.id,
        siteId: site.id,
        workDate: addDays(week, 1),
        startTime: '07:00',
        endTime: '15:30',
        breakMinutes: 30,
        parking: 9.75,
      },
    });
    const auth = { authorization: `Bearer ${savedToken('admin')}` };
    const upload = await request.fetch(`/api/time-entries/${entry.id}/photos`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'image/jpeg' },
      data: Buffer.from(receipt, 'base64'),
    });
    expect(upload.ok(), await upload.text()).toBe(true);
    const workbook = await request.get(
      `/api/reports/parking-photos?format=xlsx&from=${week}&to=${addDays(week, 6)}&clientId=${client.id}`,
      { headers: auth },
    );
    expect(workbook.status()).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await workbook.body()) as unknown as ArrayBuffer);
    const links = book.worksheets.flatMap((sheet) =>
      sheet
        .getSheetValues()
        .flatMap((values) => (Array.isArray(values) ? values : []))
        .flatMap((cell) =>
          cell && typeof cell === 'object' && 'hyperlink' in cell ? [String(cell.hyperlink)] : [],
        ),
    );
    expect(links).toHaveLength(1);
    const link = new URL(links[0] as string);
    expect(link.pathname).toMatch(/^\/receipt-photos\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    // The API's address itself wants the session's token, which a click from Excel cannot send.
    const photoApi = link.pathname.replace(
      /^\/receipt-photos\/([^/]+)\/([^/]+)$/,
      '/api/time-entries/$1/photos/$2',
    );
    expect((await request.get(photoApi)).status()).toBe(401);

    // Not signed in: the link asks for a sign-in, then comes back to the photo.
    await page.goto(link.pathname);
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await submitLogin(page, accounts.admin.email, demoPassword());
    await expect(page).toHaveURL(link.pathname);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Photo du reçu de stationnement' }),
    ).toBeVisible();
    const photo = page.getByTestId('receipt-photo');
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

    // Signed in already (the browser's session): the link shows the photo at once.
    await signIn(page, 'admin', link.pathname);
    await expect(page.getByTestId('receipt-photo')).toBeVisible();
  });
});
