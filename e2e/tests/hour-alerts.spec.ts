import { expect, readOutboxSms, signIn, test, toastWith } from '../fixtures.ts';

const inDays = (days: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
  return new Date(Date.parse(today) + days * 86_400_000).toISOString().slice(0, 10);
};

test.describe('hour alerts at desktop size', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.describe.configure({ timeout: 90_000 });

  test('lists the confirmed workers short of their shift’s hours, counts yesterday’s in the menu, and texts them a reminder in their language', async ({
    page,
    axe,
  }) => {
    // The demo company's confirmed workers logged no hours: last week, some worked every weekday.
    const from = inDays(-7);
    const to = inDays(-1);
    const alertsOfYesterday = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/time-entries/total-hours-worked-by-date' &&
        !new URL(response.url()).searchParams.has('startDate'),
    );
    await signIn(page, 'admin', `/hour-alerts?from=${from}&to=${to}`);
    const yesterdayCount = ((await (await alertsOfYesterday).json()) as unknown[]).length;
    const badge = page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: /^Alertes d'heures/ });
    if (yesterdayCount)
      await expect(badge).toContainText(String(yesterdayCount > 99 ? '99+' : yesterdayCount));

    await expect(page.getByTestId('hour-alert').first()).toBeVisible();
    await expect(page.getByTestId('hour-alert').first()).toContainText(/(h|inscrit)\s\/\s\d+(,\d+)?\sh/);
    await axe('hour alerts');

    const first = page.getByTestId('hour-alert').first();
    const phone = (await first.locator('a[href^="tel:"]').first().getAttribute('href'))?.slice('tel:'.length);
    const since = Date.now();
    await page.getByTestId('hour-alerts-remind').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Chaque travailleur reçoit un texto dans sa langue');
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await expect(toastWith(page, /^Rappel envoyé à \d+ travailleurs?/)).toBeVisible();
    if (phone) {
      const sms = await readOutboxSms(phone, { since });
      // Their own days and sites: "le samedi 21 novembre (Pont Laviolette)" / "Saturday, November 21 (…)".
      expect(sms.body).toMatch(/^Brigade ?: (il manque des heures le |hours are missing for )\S+ .*\(.+\)/);
    }
  });
});
