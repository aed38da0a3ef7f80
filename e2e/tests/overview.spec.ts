import { apiAs } from '../api.ts';
import { expect, expectFitsWidth, receiveSms, signIn, test, toastWith } from '../fixtures.ts';
import { uniqueMobile } from '../phones.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
/** A mobile no other person of the run has (a mobile is one active person's). */
const phone = () => uniqueMobile();

/** An order starting today on a new site, three workers asked and their texts sent. */
async function staffedOrder(api: ReturnType<typeof apiAs>, tag: string) {
  const client = await api.call('POST /clients', { body: { name: `Mur ${tag}` } });
  const supervisor = await api.call('POST /supervisors', {
    body: {
      firstName: 'Luc',
      lastName: `Wall ${tag}`,
      email: `luc.${tag}@e2e.brigade.test`,
      clientId: client.id,
      invitationChannel: 'none',
    },
  });
  const site = await api.call('POST /clients/:id/sites', {
    params: { id: client.id },
    body: { name: `Écran ${tag}`, city: 'Montréal', supervisorIds: [supervisor.id] },
  });
  const skill = await api.call('POST /skills', {
    body: { nameFr: `Ferrailleur ${tag}`, nameEn: `Ironworker ${tag}` },
  });
  const workers = [];
  for (const index of [0, 1, 2]) {
    workers.push(
      await api.call('POST /employees', {
        body: {
          employeeNumber: `OV-${tag}-${index}`,
          firstName: ['Émile', 'Flavie', 'Gaël'][index] as string,
          lastName: `Wall ${tag}`,
          phone: phone(),
          skills: [{ skillId: skill.id }],
          invitationChannel: 'none',
        },
      }),
    );
  }
  const order = await api.call('POST /orders', {
    body: {
      clientId: client.id,
      siteId: site.id,
      skills: [{ skillId: skill.id, mandatory: true }],
      workersNeeded: 3,
      startsOn: today(),
      endsOn: today(),
      includeWeekends: true,
      dailyStart: '07:00',
      dailyEnd: '15:30',
    },
  });
  const { created } = await api.call('POST /orders/:id/assignations', {
    params: { id: order.id },
    body: { employeeIds: workers.map((worker) => worker.id) },
  });
  await api.call('POST /send/sms', {
    query: { pending: 'true' },
    body: { messages: created.flatMap((each) => (each.message ? [each.message.id] : [])) },
  });
  return { site, workers, order };
}

test.describe('the overview on a wall screen', () => {
  test.use({ viewport: { width: 1920, height: 1080 } });
  test.describe.configure({ timeout: 90_000 });

  test('shows each site’s coverage, takes a bubble, and a worker’s OUI confirms live', async ({
    page,
    request,
    axe,
  }) => {
    const tag = unique();
    const { site, workers } = await staffedOrder(apiAs(request, 'admin'), tag);
    await signIn(page, 'admin', '/overview');
    const row = page.getByTestId('overview-site').filter({ hasText: `Écran ${tag}` });
    const chip = row.getByTestId('overview-order');
    await expect(chip).toContainText('0/3');
    await expect(chip).toContainText('3 en att.');
    await axe('overview');

    // A worker answers OUI from his phone: the wall shows it without a reload.
    receiveSms(workers[0]?.phone as string, 'OUI');
    await expect(chip).toContainText('1/3');
    await expect(chip).toContainText('2 en att.');
    await expect(row.getByTestId('overview-on-site')).toHaveText("1 sur place aujourd'hui");

    // A bubble pinned to the site, seen at once.
    await page.getByRole('button', { name: `Ajouter une bulle pour Écran ${tag}` }).click();
    await page.getByTestId('comment-title').fill('Accès par la rue Ontario');
    await expect(page.getByText('24/60')).toBeVisible();
    await axe('bubble dialog');
    await page.getByTestId('comment-save').click();
    await expect(toastWith(page, 'Bulle épinglée.')).toBeVisible();
    await expect(row.getByTestId('overview-bubble')).toHaveText('Accès par la rue Ontario');

    // Full screen: the wall without the menu, turning its pages by itself (no one scrolls a TV).
    await page.clock.install();
    await page.getByTestId('overview-fullscreen').click();
    await expect(page.getByTestId('overview')).toHaveCSS('position', 'fixed');
    await expect(page.getByRole('button', { name: 'Quitter le plein écran' })).toBeVisible();
    const wallPage = page.getByTestId('overview-wall-page');
    await expect(wallPage).toContainText(/^Page 1 sur \d+ : la suivante dans 15 s$/);
    await page.clock.runFor(15_000);
    await expect(wallPage).toContainText(/^Page 2 sur \d+/);
    await axe('overview full screen');
    await page.getByRole('button', { name: 'Quitter le plein écran' }).click();

    // Who is on site: the site's page of the map names them.
    await row.getByTestId('overview-on-site').click();
    await expect(page).toHaveURL(`/dashboard/map/${site.id}`);
    await expect(page.getByTestId('map-site-workers')).toContainText(`Émile Wall ${tag}`);
  });
});

test.describe('the overview on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('scrolls its grid inside the page, not the page sideways', async ({ page, axe }) => {
    await signIn(page, 'admin', '/overview');
    await expect(page.getByTestId('overview-grid')).toBeVisible();
    await expectFitsWidth(page, 390);
    await axe('overview on a phone');
  });
});
