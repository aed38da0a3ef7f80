import type { Page } from '@playwright/test';
import { type Api, apiAs } from '../api.ts';
import { expect, expectFitsWidth, readOutboxSms, receiveSms, signIn, test, toastWith } from '../fixtures.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let phoneCounter = Math.floor(Math.random() * 4000);
/** A mobile number no demo worker has (the demo uses 555 numbers of other area codes). */
const newPhone = () => `+1873555${String(1000 + (phoneCounter++ % 8999)).padStart(4, '0')}`;

async function worker(api: Api, language: 'fr' | 'en', lastName: string) {
  const phone = newPhone();
  const employee = await api.call('POST /employees', {
    body: {
      employeeNumber: `SMS-${unique()}`,
      firstName: language === 'fr' ? 'Zoé' : 'Liam',
      lastName,
      phone,
      language,
      invitationChannel: 'none',
    },
  });
  return { ...employee, phone };
}

/** A conversation with the worker: one SMS sent to them (through the API). */
async function conversationWith(api: Api, userId: string): Promise<string> {
  const outcome = await api.call('POST /send/sms', {
    query: { pending: 'false' },
    body: {
      messages: { type: 'General', recipients: { userIds: [userId] }, texts: { fr: 'Bonjour', en: 'Hello' } },
    },
  });
  const [message] = outcome.created;
  if (!message) throw new Error('nothing sent');
  return message.conversationId;
}

const badge = (page: Page, key: 'general' | 'communications') => page.getByTestId(`badge-${key}`);
/** The unread count of a menu badge, 0 when it is not shown. */
async function badgeCount(page: Page, key: 'general' | 'communications'): Promise<number> {
  const count = badge(page, key);
  if ((await count.count()) === 0) return 0;
  return Number(await count.first().getAttribute('data-count'));
}

/** A worker confirmed today on a new site (asked, texted, answered OUI): that site's crew this week. */
async function crewOf(api: Api, tag: string) {
  const client = await api.call('POST /clients', { body: { name: `Équipe ${tag}` } });
  const supervisor = await api.call('POST /supervisors', {
    body: {
      firstName: 'Léa',
      lastName: `Crew ${tag}`,
      email: `lea.${tag}@e2e.brigade.test`,
      clientId: client.id,
      invitationChannel: 'none',
    },
  });
  const site = await api.call('POST /clients/:id/sites', {
    params: { id: client.id },
    body: { name: `Quai ${tag}`, city: 'Lévis', supervisorIds: [supervisor.id] },
  });
  const skill = await api.call('POST /skills', {
    body: { nameFr: `Soudeur ${tag}`, nameEn: `Welder ${tag}` },
  });
  const member = await worker(api, 'fr', `Crew ${tag}`);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
  const order = await api.call('POST /orders', {
    body: {
      clientId: client.id,
      siteId: site.id,
      skills: [{ skillId: skill.id, mandatory: false }],
      workersNeeded: 1,
      startsOn: today,
      endsOn: today,
      includeWeekends: true,
      dailyStart: '07:00',
      dailyEnd: '15:00',
    },
  });
  const { created } = await api.call('POST /orders/:id/assignations', {
    params: { id: order.id },
    body: { employeeIds: [member.id] },
  });
  await api.call('POST /send/sms', {
    query: { pending: 'true' },
    body: { messages: created.flatMap((each) => (each.message ? [each.message.id] : [])) },
  });
  receiveSms(member.phone, 'OUI');
  return { site, member };
}

test.describe('SMS communications at desktop size', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test.describe.configure({ timeout: 90_000 });

  test('the inbox is accessible while its conversations load, then lists them', async ({ page, axe }) => {
    await signIn(page, 'admin');
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === '/api/conversations',
      async (route) => {
        await released;
        await route.continue().catch(() => {});
      },
    );
    await page.goto('/messages/general');
    // The placeholder list is on screen and the answer is held: axe sees the loading state.
    const loading = page.locator('[aria-busy="true"][aria-label="Chargement…"]');
    await expect(loading.first()).toBeVisible();
    await axe('/messages/general while its conversations load');
    release();
    await expect(loading).toHaveCount(0);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test("a group by the site worked this week reaches that site's crew, no one else", async ({
    page,
    request,
    axe,
  }) => {
    const tag = unique();
    const api = apiAs(request, 'admin');
    const { member } = await crewOf(api, tag);
    const elsewhere = await worker(api, 'fr', `Ailleurs ${tag}`);

    await signIn(page, 'admin', '/messages/create?type=General');
    await page.getByTestId('compose-mode').getByRole('radio', { name: 'Un groupe' }).click();
    const site = page.getByRole('combobox', { name: 'Chantier de la semaine' });
    await site.click();
    await site.fill(`Quai ${tag}`);
    await page.getByRole('option', { name: `Quai ${tag} — Équipe ${tag}, Lévis` }).click();
    await expect(site).toHaveValue(`Quai ${tag} — Équipe ${tag}, Lévis`);
    await axe('composer to a group by site');
    await page.getByTestId('text-fr').fill(`Rencontre au quai ${tag} à 7 h`);
    await page.getByTestId('text-en').fill(`Meeting at the dock ${tag} at 7`);
    await page.getByTestId('compose-save-pending').click();
    await expect(toastWith(page, '1 message mis en attente.')).toBeVisible();
    const mine = page.getByTestId('pending-item').filter({ hasText: tag });
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText(`${member.lastName}, ${member.firstName}`);
    await expect(page.getByTestId('pending-item').filter({ hasText: elsewhere.lastName })).toHaveCount(0);
  });

  test('compose in both languages with the SMS count, save as pending, then send the pending ones', async ({
    page,
    request,
    axe,
  }) => {
    const tag = unique();
    const api = apiAs(request, 'admin');
    const french = await worker(api, 'fr', `Lapointe ${tag}`);
    const english = await worker(api, 'en', `Walsh ${tag}`);
    await signIn(page, 'admin', '/messages/create?type=General');
    await axe('composer');

    const people = page.getByRole('combobox', { name: 'Personnes' });
    for (const person of [french, english]) {
      await people.click();
      await people.fill(tag);
      await page
        .getByRole('option', { name: new RegExp(`^${person.lastName}, ${person.firstName}`) })
        .click();
    }
    await expect(page.getByText('Pour 1 destinataire de cette langue')).toHaveCount(2);

    const frenchText = page.getByTestId('text-fr');
    const frenchCount = page.getByTestId('segment-counter').first();
    await frenchText.fill('Bonjour, chantier demain a 7 h');
    await expect(frenchCount).toHaveText('30 caractères · 1 texto · alphabet SMS : 160 caractères par texto');
    // One "ê" and the whole text is Unicode: 70 characters a text.
    await frenchText.fill(`Bonjour, êtes-vous là demain? ${'Merci. '.repeat(7)}`.trim());
    await expect(frenchCount).toContainText('· 2 textos · accents ou émoji hors alphabet SMS');
    await page.getByTestId('text-en').fill('Hello, are you there tomorrow?');
    await expect(page.getByTestId('preview-fr')).toContainText('Bonjour, êtes-vous là demain?');
    await expect(page.getByTestId('preview-en')).toContainText('Hello, are you there tomorrow?');

    await page.getByTestId('compose-save-pending').click();
    await expect(toastWith(page, '2 messages mis en attente.')).toBeVisible();
    await expect(page).toHaveURL(/\/messages\/general\?tab=pending$/);
    const mine = page.getByTestId('pending-item').filter({ hasText: tag });
    await expect(mine).toHaveCount(2);
    await axe('pending messages');

    for (const person of [french, english]) {
      await page
        .getByRole('checkbox', { name: `Sélectionner le message à ${person.lastName}, ${person.firstName}` })
        .check();
    }
    await page.getByTestId('pending-send').click();
    await expect(toastWith(page, '2 messages envoyés.')).toBeVisible();
    await expect(mine).toHaveCount(0);

    // Each in their own language.
    expect((await readOutboxSms(french.phone)).body).toMatch(/^Bonjour, êtes-vous là demain\?/);
    expect((await readOutboxSms(english.phone)).body).toBe('Hello, are you there tomorrow?');
  });

  test('an SMS that comes in shows at once in the badges, the list and the open conversation', async ({
    page,
    request,
    axe,
  }) => {
    const tag = unique();
    const api = apiAs(request, 'admin');
    const person = await worker(api, 'fr', `Gingras ${tag}`);
    const conversationId = await conversationWith(api, person.id);
    await signIn(page, 'admin', '/messages/general?sort=recent');
    await expect(page.getByTestId('conversation-item').first()).toBeVisible();
    // The demo company has unread messages: the badges are on once their counts have come.
    await expect(badge(page, 'communications')).toBeVisible();
    const before = await badgeCount(page, 'general');

    receiveSms(person.phone, `Oui, je serai là ${tag}`);
    // No reload: the socket brings it.
    await expect.poll(() => badgeCount(page, 'general')).toBe(before + 1);
    const item = page.getByTestId('conversation-item').filter({ hasText: `Oui, je serai là ${tag}` });
    await expect(item).toBeVisible();
    await expect(item).toHaveAttribute('data-unread', 'true');

    await item.click();
    await expect(page).toHaveURL(new RegExp(`/messages/${conversationId}`));
    await expect(page.getByTestId('bubble').filter({ hasText: `Oui, je serai là ${tag}` })).toBeVisible();
    // Opening it marked it seen.
    await expect.poll(() => badgeCount(page, 'general')).toBe(before);
    await axe('conversation');

    // While it is open, the next one shows in the thread and leaves the badge alone.
    receiveSms(person.phone, `Je pars maintenant ${tag}`);
    await expect(page.getByTestId('bubble').filter({ hasText: `Je pars maintenant ${tag}` })).toBeVisible();
    await expect.poll(() => badgeCount(page, 'general')).toBe(before);
  });

  test('a reply goes to the worker and its delivery shows under the bubble', async ({ page, request }) => {
    const tag = unique();
    const api = apiAs(request, 'admin');
    const person = await worker(api, 'en', `Murphy ${tag}`);
    const conversationId = await conversationWith(api, person.id);
    await signIn(page, 'admin', `/messages/${conversationId}`);
    const repliedAt = Date.now();
    await page.getByTestId('reply-text').fill(`See you at 7 ${tag}`);
    await page.getByTestId('reply-text').press('Control+Enter');
    await expect(toastWith(page, 'Message envoyé.')).toBeVisible();
    await expect(page.getByTestId('reply-text')).toHaveValue('');
    const bubble = page.getByTestId('bubble').filter({ hasText: `See you at 7 ${tag}` });
    // The outbox worker sends it; the status follows live.
    await expect(bubble.getByTestId('delivery-status')).toHaveAttribute('data-status', 'sent');
    expect((await readOutboxSms(person.phone, { since: repliedAt })).body).toContain(`See you at 7 ${tag}`);
  });

  test('a worker who answered STOP cannot be texted, and the office is told why', async ({
    page,
    request,
  }) => {
    const tag = unique();
    const api = apiAs(request, 'admin');
    const person = await worker(api, 'fr', `Arsenault ${tag}`);
    const conversationId = await conversationWith(api, person.id);
    receiveSms(person.phone, 'Arrêt');
    await signIn(page, 'admin', `/messages/${conversationId}`);
    await expect(page.getByTestId('reply-blocked')).toContainText('a répondu ARRÊT');
    await expect(
      page.getByTestId('bubble').filter({ hasText: 'vous ne recevrez plus nos textos' }),
    ).toBeVisible();
  });
});

test.describe('SMS communications on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test.describe.configure({ timeout: 90_000 });

  test('the list, then the conversation alone, a reply, and back', async ({ page, request, axe }) => {
    const tag = unique();
    const api = apiAs(request, 'admin');
    const person = await worker(api, 'fr', `Pelletier ${tag}`);
    await conversationWith(api, person.id);
    receiveSms(person.phone, `Allô ${tag}`);
    await signIn(page, 'admin', '/messages/general');
    await page.getByTestId('conversation-search').fill(tag);
    const item = page.getByTestId('conversation-item').filter({ hasText: `Allô ${tag}` });
    await expect(item).toBeVisible();
    await expectFitsWidth(page, 390);
    await axe('inbox on a phone');

    await item.click();
    await expect(page.getByTestId('conversation-list')).toHaveCount(0);
    await expect(page.getByTestId('bubble').filter({ hasText: `Allô ${tag}` })).toBeVisible();
    // An SMS that comes in while the conversation is open on the phone shows in it.
    receiveSms(person.phone, `Je suis en route ${tag}`);
    await expect(page.getByTestId('bubble').filter({ hasText: `Je suis en route ${tag}` })).toBeVisible();
    await page.getByTestId('reply-text').fill('Merci!');
    await page.getByTestId('reply-send').click();
    await expect(page.getByTestId('bubble').filter({ hasText: 'Merci!' })).toBeVisible();
    await expectFitsWidth(page, 390);
    await axe('conversation on a phone');

    await page.getByRole('link', { name: 'Retour aux conversations' }).click();
    await expect(page.getByTestId('conversation-search')).toHaveValue(tag);
  });
});
