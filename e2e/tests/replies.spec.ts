import type { Page } from '@playwright/test';
import { type Api, apiAs } from '../api.ts';
import { expect, readOutboxSms, receiveSms, signIn, test, toastWith } from '../fixtures.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const inDays = (days: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
  return new Date(Date.parse(today) + days * 86_400_000).toISOString().slice(0, 10);
};
let phoneCounter = Math.floor(Math.random() * 4000);
/** A mobile number no demo worker has: 367-555-xxxx. */
const newPhone = () => `+1367555${String(1000 + (phoneCounter++ % 8999)).padStart(4, '0')}`;

/** An order of a new client for two French-speaking workers, both asked by SMS (the texts sent). */
async function offer(api: Api, tag: string) {
  const client = await api.call('POST /clients', { body: { name: `Béton ${tag}` } });
  const supervisor = await api.call('POST /supervisors', {
    body: {
      firstName: 'Gaël',
      lastName: `Chef ${tag}`,
      email: `gael.${tag}@e2e.brigade.test`,
      clientId: client.id,
      invitationChannel: 'none',
    },
  });
  const site = await api.call('POST /clients/:id/sites', {
    params: { id: client.id },
    body: {
      name: `Usine ${tag}`,
      city: 'Terrebonne',
      street: '3500 boul. des Entreprises',
      supervisorIds: [supervisor.id],
    },
  });
  const skill = await api.call('POST /skills', {
    body: { nameFr: `Cimentier ${tag}`, nameEn: `Mason ${tag}` },
  });
  const workers = [];
  for (const firstName of ['Mathis', 'Rosalie']) {
    const phone = newPhone();
    const employee = await api.call('POST /employees', {
      body: {
        employeeNumber: `REP-${tag}-${firstName}`,
        firstName,
        lastName: `Réponse ${tag}`,
        phone,
        language: 'fr',
        skills: [{ skillId: skill.id }],
        invitationChannel: 'none',
      },
    });
    workers.push({ ...employee, phone });
  }
  const order = await api.call('POST /orders', {
    body: {
      clientId: client.id,
      siteId: site.id,
      supervisorId: supervisor.id,
      skills: [{ skillId: skill.id, mandatory: true }],
      workersNeeded: 2,
      startsOn: inDays(14),
      endsOn: inDays(16),
      dailyStart: '07:00',
      dailyEnd: '15:30',
    },
  });
  const { created } = await api.call('POST /orders/:id/assignations', {
    params: { id: order.id },
    body: { employeeIds: workers.map((each) => each.id) },
  });
  await api.call('POST /send/sms', {
    query: { pending: 'true' },
    body: { messages: created.map((each) => each.message?.id as string) },
  });
  const [mathis, rosalie] = workers as [(typeof workers)[0], (typeof workers)[0]];
  return { order, mathis, rosalie };
}

/** The Assignation badge of the menu: what waits for the office there, 0 when hidden. */
async function assignationBadge(page: Page): Promise<number> {
  const badge = page.getByTestId('badge-assignation');
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.first().getAttribute('data-count'));
}

const statusOf = async (api: Api, orderId: string, employeeId: string) =>
  (await api.call('GET /orders/:id', { params: { id: orderId } })).assignations.find(
    (each) => each.employee.id === employeeId,
  )?.status;

test.describe('workers’ replies at the office (1440)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a reply nobody can read waits, marked and counted, until the office confirms from it; "Oui merci" confirms by itself', async ({
    page,
    request,
    axe,
  }) => {
    test.setTimeout(60_000);
    const tag = unique();
    const api = apiAs(request, 'admin');
    const { order, mathis, rosalie } = await offer(api, tag);
    await signIn(page, 'admin', '/messages/assignation');
    await expect(page.getByTestId('conversation-item').first()).toBeVisible();
    // The badges are on once their counts have come (the demo company has replies waiting).
    await expect(page.getByTestId('badge-communications')).toBeVisible();
    const before = await assignationBadge(page);

    // Mathis asks before he answers: left for the office, counted in the badge, marked in the list.
    receiveSms(mathis.phone, `Oui mais c'est à quelle heure la pause ${tag}`);
    await expect.poll(() => assignationBadge(page)).toBe(before + 1);
    const item = page.getByTestId('conversation-item').filter({ hasText: `Réponse ${tag}, Mathis` });
    await expect(item.getByTestId('to-handle-marker')).toHaveText('À traiter');
    await item.click();
    const waiting = page.getByTestId('bubble').filter({ hasText: `la pause ${tag}` });
    await expect(waiting).toHaveAttribute('data-reply', 'to_handle');
    const panel = page.getByTestId('reply-to-handle');
    await expect(panel).toContainText('Réponse à traiter');
    await expect(panel.getByTestId('pending-offer')).toContainText(`Béton ${tag} · Usine ${tag}`);
    // Read, it is still waiting: the badge keeps it.
    await expect(item).not.toHaveAttribute('data-unread', 'true');
    expect(await assignationBadge(page)).toBe(before + 1);
    await page.screenshot({ path: '/tmp/replies-to-handle.png' });
    await axe('a reply to handle');

    // The office answers for him: confirmed, he is told by text, the badge drops for everyone.
    const beforeConfirm = Date.now();
    await panel.getByRole('button', { name: /^Confirmer/ }).click();
    await expect(
      toastWith(page, 'Affectation confirmée : la personne en est avisée par texto.'),
    ).toBeVisible();
    await expect(page.getByTestId('reply-to-handle')).toHaveCount(0);
    await expect(page.getByTestId('reply-status')).toContainText(/Confirmée par .+ depuis cette réponse/);
    await expect.poll(() => assignationBadge(page)).toBe(before);
    await expect(item.getByTestId('to-handle-marker')).toHaveCount(0);
    expect(await statusOf(api, order.id, mathis.id)).toBe('confirmed');
    expect((await readOutboxSms(mathis.phone, { since: beforeConfirm })).body).toContain(
      "Merci, c'est confirmé",
    );

    // Rosalie answers in her own words: confirmed by itself, nothing for the office to do.
    receiveSms(rosalie.phone, 'Oui merci 👍');
    await expect.poll(() => statusOf(api, order.id, rosalie.id)).toBe('confirmed');
    const hers = page.getByTestId('conversation-item').filter({ hasText: `Réponse ${tag}, Rosalie` });
    await hers.click();
    await expect(page.getByTestId('reply-status')).toHaveText('Lue comme OUI : affectation confirmée');
    expect(await assignationBadge(page)).toBe(before);
    await page.screenshot({ path: '/tmp/replies-read.png' });
    await axe('a reply read by itself');
  });

  test('in English: "Assignments", "You:", a reply to handle dismissed as nothing to do', async ({
    page,
    request,
    axe,
  }) => {
    const tag = unique();
    const api = apiAs(request, 'admin');
    const { mathis } = await offer(api, tag);
    receiveSms(mathis.phone, `Merci pour le texto ${tag}`);
    await signIn(page, 'admin', '/messages/assignation');
    // This page only, in English (the saved session stays French for the other tests).
    await page.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('brigade.user') ?? '{}');
      localStorage.setItem('brigade.user', JSON.stringify({ ...user, language: 'en' }));
    });
    await page.reload();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Assignments' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Communications — Assignments' })).toBeVisible();
    const item = page.getByTestId('conversation-item').filter({ hasText: `Réponse ${tag}, Mathis` });
    await expect(item.getByTestId('to-handle-marker')).toHaveText('To handle');
    await item.click();
    const panel = page.getByTestId('reply-to-handle');
    await expect(panel).toContainText('Reply to handle');
    await page.screenshot({ path: '/tmp/replies-english.png' });
    await axe('a reply to handle, in English');
    await panel.getByRole('button', { name: 'Nothing to do' }).click();
    await expect(toastWith(page, 'Reply handled.')).toBeVisible();
    await expect(page.getByTestId('reply-status')).toContainText(/Handled by .+: nothing to do/);
    // The office's texts in the list: "You: …".
    await page.getByTestId('reply-text').fill(`Bonne journée ${tag}`);
    await page.getByTestId('reply-send').click();
    await expect(item).toContainText(`You: Bonne journée ${tag}`);
    await expect(page.getByTestId('bubble-author').last()).toHaveText('You');
  });
});
