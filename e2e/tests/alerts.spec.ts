import type { AlertList } from '@brigade/shared/alerts';
import { apiAs } from '../api.ts';
import { expect, expectFitsWidth, signIn, test } from '../fixtures.ts';
import { uniqueMobile } from '../phones.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const inDays = (days: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
  return new Date(Date.parse(today) + days * 86_400_000).toISOString().slice(0, 10);
};
const dmy = (iso: string) => iso.split('-').reverse().join('/');
/** A mobile no other test uses: 438-555-02xx. */
const phone = () => uniqueMobile();

/**
 * One of each alert: a site ending in 3 days, an order starting in 2 days with nobody confirmed,
 * and a worker on it whose card expires in 4 days, before the order ends.
 */
async function alertingCrew(api: ReturnType<typeof apiAs>, tag: string) {
  const client = await api.call('POST /clients', { body: { name: `Alerte ${tag}` } });
  const supervisor = await api.call('POST /supervisors', {
    body: {
      firstName: 'Nadia',
      lastName: `Roy ${tag}`,
      email: `nadia.alert.${tag}@e2e.brigade.test`,
      clientId: client.id,
      invitationChannel: 'none',
    },
  });
  const site = await api.call('POST /clients/:id/sites', {
    params: { id: client.id },
    body: { name: `Chantier ${tag}`, city: 'Laval', endDate: inDays(3), supervisorIds: [supervisor.id] },
  });
  const card = await api.call('POST /skills', {
    body: { nameFr: `Carte ${tag}`, nameEn: `Card ${tag}`, expirable: true },
  });
  const worker = await api.call('POST /employees', {
    body: {
      employeeNumber: `ALR-${tag}`,
      firstName: 'Rosalie',
      lastName: `Alerte ${tag}`,
      phone: phone(),
      skills: [{ skillId: card.id, expiresOn: inDays(4) }],
      invitationChannel: 'none',
    },
  });
  const order = await api.call('POST /orders', {
    body: {
      clientId: client.id,
      siteId: site.id,
      supervisorId: supervisor.id,
      skills: [{ skillId: card.id, mandatory: false }],
      workersNeeded: 2,
      startsOn: inDays(2),
      endsOn: inDays(6),
      dailyStart: '07:00',
      dailyEnd: '15:30',
    },
  });
  await api.call('POST /orders/:id/assignations', {
    params: { id: order.id },
    body: { employeeIds: [worker.id] },
  });
  return { client, site, card, worker, order };
}

test.describe('alerts at desktop size', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.describe.configure({ timeout: 90_000 });

  test('each kind of alert links to its order, client or employee; the window narrows them; the menu counts them', async ({
    page,
    request,
    axe,
  }) => {
    const tag = unique();
    const api = apiAs(request, 'admin');
    const { client, worker, order } = await alertingCrew(api, tag);
    await signIn(page, 'admin', '/alerts');
    await expect(page.getByRole('heading', { level: 1, name: 'Alertes' })).toBeVisible();
    await expect(page.getByRole('radio', { name: '7 jours' })).toBeChecked();

    const orders = page.getByTestId('alerts-order_unfilled');
    const orderLink = orders.getByRole('link', { name: `Chantier ${tag} — Alerte ${tag}` });
    await expect(orderLink).toHaveAttribute('href', `/orders/${order.id}`);
    const orderItem = orders
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: `Chantier ${tag} — Alerte ${tag}` }) });
    await expect(orderItem).toContainText(`Début le ${dmy(inDays(2))}`);
    await expect(orderItem).toContainText('2 places à combler');
    await expect(orderItem).toContainText('0/2 confirmés · 1 en attente');
    await expect(orderItem).toContainText('dans 2 jours');

    const sites = page.getByTestId('alerts-site_ending');
    const siteLink = sites.getByRole('link', { name: `Chantier ${tag} — Alerte ${tag}` });
    await expect(siteLink).toHaveAttribute('href', `/clients/${client.id}`);
    await expect(
      sites
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: `Chantier ${tag} — Alerte ${tag}` }) }),
    ).toContainText(`Fin le ${dmy(inDays(3))} · Laval`);

    const certificates = page.getByTestId('alerts-certificate_expiring');
    const workerLink = certificates.getByRole('link', { name: `Rosalie Alerte ${tag}` });
    await expect(workerLink).toHaveAttribute('href', `/employees/${worker.id}`);
    const certificate = certificates
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: `Rosalie Alerte ${tag}` }) });
    await expect(certificate).toContainText(`Carte ${tag}`);
    await expect(certificate).toContainText('Exigée par la commande');
    await expect(certificate).toContainText(`Expire le ${dmy(inDays(4))}`);
    await expect(
      certificate.getByRole('link', { name: new RegExp(`Commande Chantier ${tag}`) }),
    ).toHaveAttribute('href', `/orders/${order.id}`);
    await axe('alerts');

    // The menu badge counts the 7-day alerts: ours are among them.
    const badge = page.getByTestId('badge-alerts');
    await expect(badge).toBeVisible();
    expect(Number(await badge.getAttribute('data-count'))).toBeGreaterThanOrEqual(3);

    // Three days: the card expiring in four days is not yet an alert, the order still is.
    // Back to the top, where the window selector is (under the header once scrolled).
    await page.evaluate(() => window.scrollTo(0, 0));
    // The radio is controlled by the address: it turns checked once the page has followed it.
    await page.getByRole('radio', { name: '3 jours' }).click();
    await expect(page.getByRole('radio', { name: '3 jours' })).toBeChecked();
    await expect(page).toHaveURL(/\/alerts\?days=3$/);
    await expect(page.getByTestId('alerts-summary')).toContainText(`au ${dmy(inDays(3))}`);
    await expect(orderLink).toBeVisible();
    await expect(certificates.getByRole('link', { name: `Rosalie Alerte ${tag}` })).toHaveCount(0);
    await expect(sites.getByRole('link', { name: `Chantier ${tag} — Alerte ${tag}` })).toBeVisible();

    await orderLink.click();
    await expect(page).toHaveURL(`/orders/${order.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Chantier ${tag}` })).toBeVisible();
  });

  test('says when there is nothing to report, and shows its loading state first', async ({ page, axe }) => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const empty: AlertList = { from: inDays(0), to: inDays(7), days: 7, numberOfAlerts: 0, items: [] };
    await page.route(/\/api\/alerts\?/, async (route) => {
      await answered;
      await route.fulfill({ json: empty });
    });
    await signIn(page, 'admin', '/alerts');
    await expect(page.getByTestId('alerts-loading')).toBeVisible();
    release();
    await expect(page.getByTestId('alerts-empty')).toContainText(
      `Rien à signaler d'ici le ${dmy(inDays(7))}`,
    );
    await expect(page.getByTestId('alerts-summary')).toHaveText(
      `Aucune alerte du ${dmy(inDays(0))} au ${dmy(inDays(7))}`,
    );
    await axe('alerts, empty');
  });
});

test.describe('alerts on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test.describe.configure({ timeout: 90_000 });

  test('the alerts fit the screen', async ({ page, request, axe }) => {
    const tag = unique();
    await alertingCrew(apiAs(request, 'admin'), tag);
    await signIn(page, 'admin', '/alerts');
    await expect(
      page.getByTestId('alerts-certificate_expiring').getByRole('link', { name: `Rosalie Alerte ${tag}` }),
    ).toBeVisible();
    await expectFitsWidth(page, 390);
    await axe('alerts on a phone');
  });
});
