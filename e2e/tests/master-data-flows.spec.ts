import type { APIRequestContext, Page } from '@playwright/test';
import {
  accounts,
  demoPassword,
  expect,
  passwordField,
  readOutboxMail,
  resetLinkIn,
  signIn,
  submitLogin,
  test,
  toastWith,
} from '../fixtures.ts';
import { startServer } from '../server.ts';

// What a new user met on the master-data screens (issue 7, §5). The records each test is about are
// created through the API; the screens under test are driven as the office would.

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type Api = <T = Record<string, unknown>>(method: string, url: string, data?: unknown) => Promise<T>;

/** Calls the API as the demo admin; fails the test on an error answer. */
async function adminApi(request: APIRequestContext): Promise<Api> {
  const signedIn = await request.post('/api/login', {
    data: { email: accounts.admin.email, password: demoPassword() },
  });
  expect(signedIn.status()).toBe(200);
  const { token } = (await signedIn.json()) as { token: string };
  return async (method, url, data) => {
    const response = await request.fetch(`/api${url}`, {
      method,
      headers: { Authorization: `Bearer ${token}` },
      ...(data === undefined ? {} : { data }),
    });
    expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
    return (response.status() === 204 ? null : await response.json()) as never;
  };
}

interface Supervisor {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  active: boolean;
}

function supervisorMaker(api: Api, clientId: string, tag: string) {
  return (firstName: string, lastName: string, invitationChannel: 'none' | 'email' = 'none') =>
    api<Supervisor>('POST', '/supervisors', {
      firstName,
      lastName: `${lastName} ${tag}`,
      email: `${firstName}.${lastName}.${tag}@flows.test`
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase(),
      clientId,
      invitationChannel,
    });
}

async function activeSupervisors(api: Api, clientId: string): Promise<Record<string, boolean>> {
  const client = await api<{ supervisors: Supervisor[] }>('GET', `/clients/${clientId}`);
  return Object.fromEntries(client.supervisors.map((s) => [s.firstName, s.active]));
}

/** Turns the Active switch of the open client form, and saves. */
async function switchActiveAndSave(page: Page) {
  await page.getByRole('switch', { name: 'Actif' }).click({ force: true });
  await page.getByTestId('form-save').click();
}

test.describe('master-data flows at desktop size', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test.describe.configure({ timeout: 90_000 });

  test('turning a client off in its form warns like Archive; reactivating offers back the supervisors archived with it', async ({
    page,
    request,
    axe,
  }) => {
    const api = await adminApi(request);
    const tag = unique();
    const client = await api<{ id: string; name: string }>('POST', '/clients', {
      name: `Échafaudages Flows ${tag}`,
    });
    const supervisor = supervisorMaker(api, client.id, tag);
    const ginette = await supervisor('Ginette', 'Roy');
    const marc = await supervisor('Marc', 'Pelletier');
    // Archived on her own before the client: not the client's to bring back.
    const sylvie = await supervisor('Sylvie', 'Caron');
    await api('PUT', `/supervisors/${sylvie.id}`, {
      firstName: sylvie.firstName,
      lastName: sylvie.lastName,
      email: sylvie.email,
      phone: null,
      language: 'fr',
      clientId: client.id,
      active: false,
    });
    await api('POST', `/clients/${client.id}/sites`, {
      name: `Tour ${tag}`,
      supervisorIds: [ginette.id, marc.id],
    });

    await signIn(page, 'admin', `/clients/edit/${client.id}`);
    await switchActiveAndSave(page);
    const archive = page.getByRole('dialog', { name: `Archiver « ${client.name} » ?` });
    await expect(archive).toContainText(
      'Ses 2 superviseurs actifs seront archivés aussi et déconnectés : ils ne pourront plus se connecter.',
    );
    await axe('archive confirmation of the client form');
    // Cancelled: nothing is saved.
    await archive.getByTestId('confirm-cancel').click();
    await expect(archive).toBeHidden();
    expect((await api<{ active: boolean }>('GET', `/clients/${client.id}`)).active).toBe(true);

    await page.getByTestId('form-save').click();
    await archive.getByTestId('confirm-action').click();
    await expect(toastWith(page, 'Modifications enregistrées.')).toBeVisible();
    await expect(page).toHaveURL(`/clients/${client.id}`);
    expect(await activeSupervisors(api, client.id)).toEqual({ Ginette: false, Marc: false, Sylvie: false });

    // The Reactivate button asks who comes back: the two archived with the client, both ticked.
    await page.getByTestId('client-reactivate').click();
    const back = page.getByRole('dialog', { name: `Réactiver « ${client.name} » ?` });
    await expect(back.getByRole('checkbox')).toHaveCount(2);
    await expect(back.getByRole('checkbox', { name: `Ginette Roy ${tag}` })).toBeChecked();
    await expect(back.getByRole('checkbox', { name: `Marc Pelletier ${tag}` })).toBeChecked();
    await expect(back).not.toContainText('Sylvie');
    await axe('reactivation dialog of a client');
    await back.getByRole('checkbox', { name: `Marc Pelletier ${tag}` }).uncheck();
    await back.getByTestId('confirm-action').click();
    await expect(toastWith(page, 'Client réactivé avec 1 superviseur.')).toBeVisible();
    expect(await activeSupervisors(api, client.id)).toEqual({ Ginette: true, Marc: false, Sylvie: false });

    // Archived again with its page's button, reactivated with the form's switch: only Ginette, whom
    // this archive took, is offered.
    await page.getByTestId('client-delete').click();
    await page.getByTestId('confirm-action').click();
    await expect(toastWith(page, 'Client archivé')).toBeVisible();
    await page.goto(`/clients/edit/${client.id}`);
    await switchActiveAndSave(page);
    const again = page.getByRole('dialog', { name: `Réactiver « ${client.name} » ?` });
    await expect(again.getByRole('checkbox')).toHaveCount(1);
    await expect(again.getByRole('checkbox', { name: `Ginette Roy ${tag}` })).toBeChecked();
    await again.getByTestId('confirm-action').click();
    await expect(toastWith(page, 'Modifications enregistrées.')).toBeVisible();
    await expect(page).toHaveURL(`/clients/${client.id}`);
    expect(await activeSupervisors(api, client.id)).toEqual({ Ginette: true, Marc: false, Sylvie: false });
  });

  test('archiving the sole supervisor of active sites says so, with the sites to fix, before any confirmation', async ({
    page,
    request,
    axe,
  }) => {
    const api = await adminApi(request);
    const tag = unique();
    const client = await api<{ id: string; name: string }>('POST', '/clients', {
      name: `Toitures Flows ${tag}`,
    });
    const supervisor = supervisorMaker(api, client.id, tag);
    const alone = await supervisor('Benoît', 'Lavoie');
    const colleague = await supervisor('Chantal', 'Poirier');
    const site = await api<Record<string, unknown> & { id: string }>('POST', `/clients/${client.id}/sites`, {
      name: `Entrepôt ${tag}`,
      supervisorIds: [alone.id],
    });

    await signIn(page, 'admin', `/supervisor/${alone.id}`);
    await page.getByTestId('supervisor-delete').click();
    const alert = page.getByTestId('only-supervisor-alert');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('ne peut pas être archivé');
    await expect(alert.getByRole('link', { name: client.name })).toHaveAttribute(
      'href',
      `/clients/${client.id}`,
    );
    await expect(page.getByTestId('confirm-action')).toHaveCount(0);
    await axe('sole supervisor, archive refused before confirming');

    // The site opens in its client's page, where another supervisor can be put on it.
    await alert.getByRole('link', { name: `Entrepôt ${tag}` }).click();
    await expect(page).toHaveURL(`/clients/${client.id}?site=${site.id}`);
    await expect(page.getByRole('dialog', { name: `Modifier le chantier — Entrepôt ${tag}` })).toBeVisible();

    // With a colleague on the site, Archive asks to confirm, and archives.
    const { id, clientId, clientName, status, supervisors, deletable, ...fields } = site;
    await api('PUT', `/sites/${id}`, { ...fields, supervisorIds: [alone.id, colleague.id] });
    await page.goto(`/supervisor/${alone.id}`);
    await page.getByTestId('supervisor-delete').click();
    await expect(page.getByText('Archiver ce superviseur ?')).toBeVisible();
    await expect(alert).toHaveCount(0);
    await page.getByTestId('confirm-action').click();
    await expect(toastWith(page, 'Élément archivé.')).toBeVisible();
  });

  test('a reset or invitation link says when opened whether it can still set a password', async ({
    page,
    request,
    axe,
  }) => {
    const api = await adminApi(request);
    const tag = unique();
    const client = await api<{ id: string }>('POST', '/clients', { name: `Coffrages Flows ${tag}` });
    const since = Date.now();
    const invited = await supervisorMaker(api, client.id, tag)('Nadia', 'Gauthier', 'email');
    const invitation = resetLinkIn((await readOutboxMail(invited.email, { since })).text);

    await page.goto(invitation);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Choisissez votre mot de passe' }),
    ).toBeVisible();
    await expect(passwordField(page, 'Nouveau mot de passe')).toBeVisible();
    await axe('invitation link');

    // Used meanwhile (from another device): opened again, it says so before anything is typed.
    const used = await request.put('/api/forgot-password', {
      headers: { Authorization: `Bearer ${invitation.split('/').pop()}` },
      data: { password: 'Coffrages-Flows-2025' },
    });
    expect(used.status()).toBe(200);
    await page.goto(invitation);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Ce lien a déjà servi ou a expiré' }),
    ).toBeVisible();
    await expect(passwordField(page, 'Nouveau mot de passe')).toHaveCount(0);
    await axe('used invitation link');
    await page.getByRole('link', { name: 'Demander un nouveau lien' }).click();
    await expect(page).toHaveURL('/forgot-password');

    // A reset link is greeted as one.
    const sinceReset = Date.now();
    const requested = await request.post('/api/forgot-password', {
      data: { email: invited.email },
    });
    expect(requested.status()).toBe(202);
    await page.goto(resetLinkIn((await readOutboxMail(invited.email, { since: sinceReset })).text));
    await expect(page.getByRole('heading', { level: 1, name: 'Nouveau mot de passe' })).toBeVisible();
    await expect(passwordField(page, 'Nouveau mot de passe')).toBeVisible();
  });

  test('a skill that cannot expire has no expiry panel', async ({ page, request }) => {
    const api = await adminApi(request);
    const tag = unique();
    const skill = (expirable: boolean, name: string) =>
      api<{ id: string }>('POST', '/skills', {
        nameFr: `${name} ${tag}`,
        nameEn: `${name} EN ${tag}`,
        expirable,
        important: false,
      });
    const lasting = await skill(false, 'Lecture de plans');
    const expiring = await skill(true, 'Travail en hauteur');

    await signIn(page, 'admin', `/skills/${lasting.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Lecture de plans ${tag}` })).toBeVisible();
    await expect(page.getByText('Échéances à venir')).toHaveCount(0);
    await page.goto(`/skills/${expiring.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Travail en hauteur ${tag}` })).toBeVisible();
    await expect(page.getByText('Échéances à venir')).toBeVisible();
  });
});

test.describe('release notes', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test.describe.configure({ timeout: 90_000 });

  // Switching the language saves it to the account: an account and a server of its own (no demo
  // company), so that no other test ever signs in to English.
  const admin = { email: 'notes@e2e.brigade.test', password: 'Notes-de-version-2026' };

  test("show each release's notes for the office in the interface's language", async ({ page, axe }) => {
    const server = await startServer('release-notes', {
      SEED: 'none',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    });
    try {
      await page.goto(`${server.baseURL}/login`);
      await submitLogin(page, admin.email, admin.password);
      await expect(page).toHaveURL(`${server.baseURL}/overview`);
      const versionButton = page
        .getByRole('navigation', { name: 'Menu principal' })
        .getByTestId('version-button');
      const version = ((await versionButton.textContent()) ?? '').trim().replace(/^v/, '');
      await versionButton.click();

      const notes = page.getByRole('dialog', { name: 'Notes de version' });
      // From the app's own version down; a release being prepared is not shown before it.
      await expect(notes.getByRole('heading', { level: 3 }).first()).toHaveText(`Version ${version}`);
      await expect(notes.getByRole('heading', { name: 'Version 0.2.0' })).toBeVisible();
      await expect(notes.getByRole('heading', { name: 'Version 0.1.0' })).toBeVisible();
      await expect(notes).toContainText('22 novembre 2026');
      await expect(notes).toContainText(
        'Les travailleurs se connectent avec leur numéro de cellulaire ou leur courriel, dans le même champ.',
      );
      // Not the developers' changelog in English.
      await expect(notes).not.toContainText('Workers sign in');
      await expect(notes).not.toContainText('Keep a Changelog');
      await axe('release notes in French');
      await notes.getByRole('button', { name: 'Fermer' }).click();
      await expect(notes).toBeHidden();

      await page.getByRole('banner').getByRole('radio', { name: 'EN' }).check();
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
      await page.getByTestId('version-button').click();
      const english = page.getByRole('dialog', { name: 'Release notes' });
      await expect(english).toContainText(
        'Workers sign in with their mobile number or their e-mail, in the same field.',
      );
      await expect(english).toContainText('November 22, 2026');
      await expect(english).not.toContainText('Les travailleurs');
      await axe('release notes in English');
    } finally {
      await server.stop();
    }
  });
});
