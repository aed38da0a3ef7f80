import type { Page } from '@playwright/test';
import { apiAs } from '../api.ts';
import { unique } from '../crew.ts';
import { expect, receiveSms, signIn, test } from '../fixtures.ts';
import { lastWeekDay } from '../logger.ts';

// One format per language (issue 26): the office reads hours as "9,5 h" ("9.5 h" in English),
// money as "12,50 $" ("$12.50"), phones as "367 555-0123" (never "+1367…"), whatever the page.

let phoneCounter = Math.floor(Math.random() * 4000);
/** A mobile no other test uses (367 is a Québec area code no other test takes). */
const newPhone = () => `+1367555${String(1000 + (phoneCounter++ % 8999)).padStart(4, '0')}`;
/** "+13675551234" as people write it. */
const written = (phone: string) => `${phone.slice(2, 5)} ${phone.slice(5, 8)}-${phone.slice(8)}`;

/**
 * A site's last pay week for one worker: Monday to Thursday 9.5 h (07:00–17:00 less 30 min), Friday
 * 9.25 h, parking 12,50 $ on Monday; its timesheet; an SMS from the worker and one from a number
 * nobody has.
 */
async function weekOfHours(api: ReturnType<typeof apiAs>, tag: string) {
  const client = await api.call('POST /clients', { body: { name: `Formats ${tag}` } });
  const supervisorPhone = newPhone();
  const supervisor = await api.call('POST /supervisors', {
    body: {
      firstName: 'Nadia',
      lastName: `Format ${tag}`,
      email: `nadia.format.${tag}@e2e.brigade.test`,
      phone: supervisorPhone,
      clientId: client.id,
      invitationChannel: 'none',
    },
  });
  const site = await api.call('POST /clients/:id/sites', {
    params: { id: client.id },
    body: { name: `Tour ${tag}`, city: 'Laval', supervisorIds: [supervisor.id] },
  });
  const workerPhone = newPhone();
  const worker = await api.call('POST /employees', {
    body: {
      employeeNumber: `FMT-${tag}`,
      firstName: 'Océane',
      lastName: `Format ${tag}`,
      phone: workerPhone,
      invitationChannel: 'none',
    },
  });
  for (let day = 1; day <= 5; day++) {
    await api.call('POST /time-entries', {
      body: {
        employeeId: worker.id,
        siteId: site.id,
        workDate: lastWeekDay(day),
        startTime: '07:00',
        endTime: day === 5 ? '16:45' : '17:00',
        breakMinutes: 30,
        parking: day === 1 ? 12.5 : 0,
      },
    });
  }
  const sheet = await api.call('POST /timesheets', { body: { siteId: site.id, week: lastWeekDay(0) } });
  receiveSms(workerPhone, `Bien reçu ${tag}`);
  const strangerPhone = newPhone();
  receiveSms(strangerPhone, `Qui est-ce ${tag}`);
  return { client, sheet, worker, workerPhone, supervisorPhone, strangerPhone };
}

/** The page in English for this test only (the saved session stays French for the others). */
async function inEnglish(page: Page) {
  await page.evaluate(() => {
    const user = JSON.parse(localStorage.getItem('brigade.user') ?? '{}');
    localStorage.setItem('brigade.user', JSON.stringify({ ...user, language: 'en' }));
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

/** No phone is shown as "+1…" to a person (links may still call it so). */
async function expectNoRawPhone(page: Page) {
  await expect(page.locator('main')).not.toContainText(/\+1\d{10}/);
}

const expected = {
  fr: {
    days: ['9,5 h', '9,25 h'],
    total: '47,25 h',
    regular: '40 h',
    overtime: '7,25 h',
    parking: '12,50 $',
    unknown: 'Numéro inconnu',
  },
  en: {
    days: ['9.5 h', '9.25 h'],
    total: '47.25 h',
    regular: '40 h',
    overtime: '7.25 h',
    parking: '$12.50',
    unknown: 'Unknown number',
  },
} as const;

test.describe('one format per language at 1440', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  // Four pages, three axe runs and two SMS received through the webhook's script: a loaded machine took 80 s.
  test.describe.configure({ timeout: 150_000, mode: 'parallel' });

  for (const language of ['fr', 'en'] as const) {
    test(`${language}: hours, money and phones on a timesheet, an employee's page, a client's supervisors and the SMS`, async ({
      page,
      request,
      axe,
    }) => {
      const tag = unique();
      const week = await weekOfHours(apiAs(request, 'admin'), tag);
      const want = expected[language];

      await signIn(page, 'admin', `/timesheets/edit/${week.sheet.id}`);
      if (language === 'en') await inEnglish(page);
      const line = page.getByTestId('timesheet-line').filter({ hasText: `Format ${tag}` });
      await expect(line).toBeVisible();
      for (const text of [...want.days, want.total, want.regular, want.overtime, want.parking]) {
        await expect(line).toContainText(text);
      }
      await expect(page.getByTestId('timesheet-total')).toHaveText(want.total);
      // Never a duration as a clock: the times of day ("07:00–17:00") are the only ones.
      await expect(line).not.toContainText(/\b(9:30|47:15)\b/);
      await page.screenshot({ path: `/tmp/formats-timesheet-${language}.png`, fullPage: true });
      await axe(`a timesheet in ${language}`);

      await page.goto(`/employees/${week.worker.id}`);
      const call = page.getByRole('link', { name: written(week.workerPhone), exact: true });
      await expect(call).toHaveAttribute('href', `tel:${week.workerPhone}`);
      await expectNoRawPhone(page);
      await page.screenshot({ path: `/tmp/formats-employee-${language}.png`, fullPage: true });
      await axe(`an employee's page in ${language}`);

      await page.goto(`/clients/${week.client.id}`);
      await expect(
        page.getByRole('link', { name: written(week.supervisorPhone), exact: true }),
      ).toBeVisible();
      await expectNoRawPhone(page);

      await page.goto('/messages/general');
      const stranger = page.getByTestId('conversation-item').filter({ hasText: `Qui est-ce ${tag}` });
      await expect(stranger).toContainText(`${want.unknown} ${written(week.strangerPhone)}`);
      await page
        .getByTestId('conversation-item')
        .filter({ hasText: `Bien reçu ${tag}` })
        .click();
      const thread = page.getByTestId('thread');
      await expect(thread.getByRole('heading', { name: `Format ${tag}, Océane` })).toBeVisible();
      await expect(thread.getByRole('link', { name: written(week.workerPhone), exact: true })).toBeVisible();
      await expectNoRawPhone(page);
      await page.screenshot({ path: `/tmp/formats-messages-${language}.png` });
      await axe(`the SMS conversations in ${language}`);
    });
  }
});
