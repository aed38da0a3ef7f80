import type { Page } from '@playwright/test';
import { type Api, apiAs } from '../api.ts';
import { crew, unique } from '../crew.ts';
import { expect, readOutboxSms, receiveSms, signIn, test, toastWith } from '../fixtures.ts';

/** Alexis and Béatrice (French) asked for a new order by SMS: their texts sent. */
async function offer(api: Api, tag: string) {
  const { client, site, workers, order } = await crew(api, tag);
  const [alexis, beatrice] = workers as [(typeof workers)[0], (typeof workers)[0]];
  const { created } = await api.call('POST /orders/:id/assignations', {
    params: { id: order.id },
    body: { employeeIds: [alexis.id, beatrice.id] },
  });
  await api.call('POST /send/sms', {
    query: { pending: 'true' },
    body: { messages: created.map((each) => each.message?.id as string) },
  });
  return { client, site, order, alexis: withPhone(alexis), beatrice: withPhone(beatrice) };
}
const withPhone = <T extends { phone: string | null }>(worker: T) => ({
  ...worker,
  phone: worker.phone as string,
});

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
    const { client, site, order, alexis, beatrice } = await offer(api, tag);
    await signIn(page, 'admin', '/messages/assignation');
    await expect(page.getByTestId('conversation-item').first()).toBeVisible();
    // The badges are on once their counts have come (the demo company has replies waiting).
    await expect(page.getByTestId('badge-communications')).toBeVisible();
    const before = await assignationBadge(page);

    // Alexis asks before he answers: left for the office, counted in the badge, marked in the list.
    receiveSms(alexis.phone, `Oui mais c'est à quelle heure la pause ${tag}`);
    await expect.poll(() => assignationBadge(page)).toBe(before + 1);
    const item = page.getByTestId('conversation-item').filter({ hasText: `Matching ${tag}, Alexis` });
    await expect(item.getByTestId('to-handle-marker')).toHaveText('À traiter');
    await item.click();
    const waiting = page.getByTestId('bubble').filter({ hasText: `la pause ${tag}` });
    await expect(waiting).toHaveAttribute('data-reply', 'to_handle');
    const panel = page.getByTestId('reply-to-handle');
    await expect(panel).toContainText('Réponse à traiter');
    await expect(panel.getByTestId('pending-offer')).toContainText(`${client.name} · ${site.name}`);
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
    expect(await statusOf(api, order.id, alexis.id)).toBe('confirmed');
    expect((await readOutboxSms(alexis.phone, { since: beforeConfirm })).body).toContain(
      "Merci, c'est confirmé",
    );

    // Béatrice answers in her own words: confirmed by itself, nothing for the office to do.
    receiveSms(beatrice.phone, 'Oui merci 👍');
    await expect.poll(() => statusOf(api, order.id, beatrice.id)).toBe('confirmed');
    const hers = page.getByTestId('conversation-item').filter({ hasText: `Matching ${tag}, Béatrice` });
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
    const { alexis } = await offer(api, tag);
    receiveSms(alexis.phone, `Merci pour le texto ${tag}`);
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
    const item = page.getByTestId('conversation-item').filter({ hasText: `Matching ${tag}, Alexis` });
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
