import { apiAs } from '../api.ts';
import { expect, expectFitsWidth, signIn, test, toastWith } from '../fixtures.ts';
import { localPhone, uniqueMobile } from '../phones.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
const inDays = (days: number) => new Date(Date.parse(today()) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * An offer to the demo employee, sent by SMS as the office sends it: an order on a new site from
 * `startsOn`, at evening hours no other order of theirs has (a confirmation never double-books them).
 */
async function offer(request: Parameters<typeof apiAs>[0], tag: string, startsOn: string) {
  const admin = apiAs(request, 'admin');
  // Each offer's supervisor has a mobile of their own (a mobile is one active person's).
  const nadiaPhone = uniqueMobile('514');
  const client = await admin.call('POST /clients', { body: { name: `Béton ${tag}` } });
  const supervisor = await admin.call('POST /supervisors', {
    body: {
      firstName: 'Nadia',
      lastName: `Roy ${tag}`,
      email: `nadia.${tag}@e2e.brigade.test`,
      phone: nadiaPhone,
      clientId: client.id,
      invitationChannel: 'none',
    },
  });
  const site = await admin.call('POST /clients/:id/sites', {
    params: { id: client.id },
    body: {
      name: `Pont ${tag}`,
      street: '1200 rue Peel',
      city: 'Montréal',
      postalCode: 'H3B 2T6',
      supervisorIds: [supervisor.id],
    },
  });
  const skill = await admin.call('POST /skills', {
    body: { nameFr: `Coffreur ${tag}`, nameEn: `Formworker ${tag}` },
  });
  const me = await apiAs(request, 'employee').call('GET /users/me');
  const order = await admin.call('POST /orders', {
    body: {
      clientId: client.id,
      siteId: site.id,
      supervisorId: supervisor.id,
      skills: [{ skillId: skill.id, mandatory: false }],
      workersNeeded: 1,
      startsOn,
      endsOn: startsOn,
      includeWeekends: true,
      dailyStart: '18:00',
      dailyEnd: '22:00',
    },
  });
  const { created } = await admin.call('POST /orders/:id/assignations', {
    params: { id: order.id },
    body: { employeeIds: [me.id], overrideReason: 'Demandé par le client' },
  });
  const ask = created[0];
  if (!ask?.message) throw new Error('the offer has no SMS');
  await admin.call('POST /send/sms', { query: { pending: 'true' }, body: { messages: [ask.message.id] } });
  return { siteName: `Pont ${tag}`, clientName: `Béton ${tag}`, nadiaPhone };
}

test.describe('a worker’s assignments on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the offers sent to them wait on their home: accepted, one shows with where to go and who to call; declined, one goes', async ({
    page,
    request,
    axe,
  }) => {
    const accepted = await offer(request, unique(), today());
    const declined = await offer(request, unique(), inDays(5));
    await signIn(page, 'employee', '/time-entries');

    const acceptedCard = page.getByTestId('my-offer').filter({ hasText: accepted.siteName });
    await expect(acceptedCard).toContainText(accepted.clientName);
    await expect(acceptedCard).toContainText('18:00–22:00');
    await expect(page.getByTestId('my-offer').filter({ hasText: declined.siteName })).toBeVisible();
    await axe('worker home with offers');
    await expectFitsWidth(page, 390);

    await acceptedCard.getByRole('button', { name: 'Accepter' }).click();
    await expect(toastWith(page, 'Affectation acceptée')).toBeVisible();
    await expect(acceptedCard).toHaveCount(0);
    const more = page.getByTestId('my-assignations-more');
    if (await more.isVisible()) await more.click();
    const confirmed = page.getByTestId('my-assignation').filter({ hasText: accepted.siteName });
    await expect(confirmed).toContainText("Aujourd'hui");
    await expect(
      confirmed.getByRole('link', { name: /1200 rue Peel, Montréal, QC, H3B 2T6/ }),
    ).toHaveAttribute('href', /google\.com\/maps/);
    await expect(
      confirmed.getByRole('link', {
        name: new RegExp(`Appeler Nadia Roy .* · ${localPhone(accepted.nadiaPhone)}`),
      }),
    ).toHaveAttribute('href', `tel:${accepted.nadiaPhone}`);

    const declinedCard = page.getByTestId('my-offer').filter({ hasText: declined.siteName });
    await declinedCard.getByRole('button', { name: 'Refuser' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(declined.siteName);
    await axe('declining an offer');
    await dialog.getByRole('button', { name: 'Refuser' }).click();
    await expect(toastWith(page, 'Offre refusée')).toBeVisible();
    await expect(declinedCard).toHaveCount(0);
    await expect(page.getByTestId('my-assignation').filter({ hasText: declined.siteName })).toHaveCount(0);
  });
});
