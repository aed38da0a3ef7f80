import { apiAs } from '../api.ts';
import { expect, expectFitsWidth, signIn, test } from '../fixtures.ts';
import { uniqueMobile } from '../phones.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);
/** Sunday of this week: weeks are pay weeks, Sunday to Saturday, as on the timesheets. */
const thisSunday = () => plusDays(today(), -new Date(`${today()}T00:00:00Z`).getUTCDay());
const dmy = (iso: string) => iso.split('-').reverse().join('/');
/** A mobile no other test uses: 438-555-03xx. */
const phone = () => uniqueMobile();

/**
 * A client with a located site and an order this week for 3 workers: 2 asked, 1 of them confirmed
 * (headcount 1, 2 places to fill, coverage partial).
 */
async function weekCrew(api: ReturnType<typeof apiAs>, tag: string) {
  const client = await api.call('POST /clients', { body: { name: `Actuel ${tag}` } });
  const supervisor = await api.call('POST /supervisors', {
    body: {
      firstName: 'Nadia',
      lastName: `Roy ${tag}`,
      email: `nadia.dash.${tag}@e2e.brigade.test`,
      clientId: client.id,
      invitationChannel: 'none',
    },
  });
  const site = await api.call('POST /clients/:id/sites', {
    params: { id: client.id },
    body: {
      name: `Tour ${tag}`,
      city: 'Laval',
      latitude: 45.61,
      longitude: -73.75,
      supervisorIds: [supervisor.id],
    },
  });
  const skill = await api.call('POST /skills', {
    body: { nameFr: `Grutier ${tag}`, nameEn: `Crane ${tag}` },
  });
  const workers: { id: string }[] = [];
  for (const name of ['Océane', 'Jérémie']) {
    workers.push(
      await api.call('POST /employees', {
        body: {
          employeeNumber: `DSH-${tag}-${name}`,
          firstName: name,
          lastName: `Tableau ${tag}`,
          phone: phone(),
          skills: [{ skillId: skill.id }],
          invitationChannel: 'none',
        },
      }),
    );
  }
  // Today is never in the past, and today's order touches this week (even on a Sunday).
  const order = await api.call('POST /orders', {
    body: {
      clientId: client.id,
      siteId: site.id,
      supervisorId: supervisor.id,
      skills: [{ skillId: skill.id, mandatory: true }],
      workersNeeded: 3,
      startsOn: today(),
      endsOn: today(),
      // Today may be a Saturday or a Sunday: an order without a working day is refused.
      includeWeekends: true,
      dailyStart: '07:00',
      dailyEnd: '15:30',
    },
  });
  const { created } = await api.call('POST /orders/:id/assignations', {
    params: { id: order.id },
    body: { employeeIds: workers.map((worker) => worker.id) },
  });
  const first = created.find((assignation) => assignation.employee.id === workers[0]?.id);
  if (!first) throw new Error('no assignation');
  await api.call('POST /assignations/:id/answer', {
    params: { id: first.id },
    body: { answer: 'confirmed' },
  });
  return { client, site, order, workers };
}

test.describe('dashboards at desktop size', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.describe.configure({ timeout: 90_000 });

  test('current clients: headcount and places to fill per client and site, week by week', async ({
    page,
    request,
    axe,
  }) => {
    const tag = unique();
    const { client, site } = await weekCrew(apiAs(request, 'admin'), tag);
    await signIn(page, 'admin', '/clients-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Clients actuels' })).toBeVisible();
    await expect(page.getByTestId('week-label')).toHaveText(
      `Semaine du ${dmy(thisSunday())} au ${dmy(plusDays(thisSunday(), 6))}`,
    );
    const card = page.getByRole('region', { name: `Actuel ${tag}` });
    await expect(card.getByRole('link', { name: `Actuel ${tag}` })).toHaveAttribute(
      'href',
      `/clients/${client.id}`,
    );
    await expect(card.getByTestId('client-headcount')).toHaveText('1 travailleur confirmé');
    await expect(card).toContainText('2 places à combler');
    const row = card.getByTestId('dashboard-site');
    await expect(row.getByRole('link', { name: `Tour ${tag}` })).toHaveAttribute(
      'href',
      `/dashboard/map/${site.id}?week=${thisSunday()}`,
    );
    await expect(row.getByTestId('site-headcount')).toHaveText('1');
    await expect(row.getByTestId('site-open')).toHaveText('2');
    await axe('current clients');

    // Next week the site is still live, with nobody and nothing to fill.
    await page.getByTestId('week-next').click();
    await expect(page).toHaveURL(new RegExp(`week=${plusDays(thisSunday(), 7)}`));
    await expect(card.getByTestId('client-headcount')).toHaveText('Aucun travailleur confirmé');
    await expect(card).toContainText('Aucune place à combler');
    await page.getByRole('button', { name: 'Cette semaine' }).click();
    await expect(card.getByTestId('client-headcount')).toHaveText('1 travailleur confirmé');
  });

  test('locations map: the sites coloured by coverage without the tiles, a list beside it, one site with its workers', async ({
    page,
    request,
    axe,
  }) => {
    const tag = unique();
    const { site, order, workers } = await weekCrew(apiAs(request, 'admin'), tag);
    // No map tiles (offline): the sites are still drawn, on a plain background.
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
    await signIn(page, 'admin', '/dashboard/map');
    await expect(page.getByRole('heading', { level: 1, name: 'Carte des emplacements' })).toBeVisible();
    const legend = page.getByRole('list', { name: 'Légende' });
    for (const label of ['Comblé', 'Partiellement comblé', 'Aucun confirmé', 'Aucune commande']) {
      await expect(legend).toContainText(label);
    }
    const links = page.getByTestId('map-site-link');
    const ours = links.filter({ hasText: `Tour ${tag}` });
    await expect(ours).toContainText(`Actuel ${tag} · Laval`);
    await expect(ours).toContainText('1/3 confirmés');
    // One dot per listed site, in the colour of its coverage.
    const markers = page.locator('path.site-marker');
    await expect(markers).toHaveCount(await links.count());
    expect(await page.locator('path.site-marker-partial').count()).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId('map-tiles-unavailable')).toBeVisible();
    await axe('locations map');

    await ours.click();
    await expect(page).toHaveURL(`/dashboard/map/${site.id}?week=${thisSunday()}`);
    const detail = page.getByTestId('map-site-detail');
    await expect(detail.getByRole('heading', { level: 2, name: `Tour ${tag}` })).toBeVisible();
    await expect(page.getByTestId('map-site-coverage')).toHaveText('Partiellement comblé · 1/3 confirmés');
    await expect(page.getByTestId('map-site-orders').getByRole('link')).toHaveAttribute(
      'href',
      `/orders/${order.id}`,
    );
    await expect(page.getByTestId('map-site-orders')).toContainText('1/3 confirmés · 1 en attente');
    const confirmed = page.getByTestId('map-site-workers').getByRole('link');
    await expect(confirmed).toHaveText([`Océane Tableau ${tag}`]);
    await expect(confirmed).toHaveAttribute('href', `/employees/${workers[0]?.id}`);
    // Their phone as people write it ("438 555-0123"), never "+1438…".
    await expect(page.getByTestId('map-site-workers')).toContainText(/· 438 555-\d{4}$/);
    await expect(page.getByTestId('map-site-workers')).not.toContainText('+1');
    // The focused site is the larger dot.
    await expect(page.locator('path.site-marker[stroke-width="3"]')).toHaveCount(1);
    await axe('one site of the map');

    await page.getByTestId('map-back').click();
    await expect(page).toHaveURL(`/dashboard/map?week=${thisSunday()}`);
    await expect(ours).toBeVisible();
  });
});

test.describe('dashboards on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test.describe.configure({ timeout: 90_000 });

  test('current clients and the map fit the screen', async ({ page, request, axe }) => {
    const tag = unique();
    const { site } = await weekCrew(apiAs(request, 'admin'), tag);
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
    await signIn(page, 'admin', '/clients-dashboard');
    await expect(page.getByRole('region', { name: `Actuel ${tag}` })).toBeVisible();
    await expectFitsWidth(page, 390);
    await axe('current clients on a phone');
    await page.goto(`/dashboard/map/${site.id}`);
    await expect(page.getByTestId('map-site-workers')).toContainText(`Océane Tableau ${tag}`);
    await expect(page.locator('path.site-marker').first()).toBeAttached();
    await expectFitsWidth(page, 390);
    await axe('one site of the map on a phone');
  });
});
