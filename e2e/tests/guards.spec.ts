import type { Page } from '@playwright/test';
import { accounts, demoPassword, expect, signIn, signInWithForm, submitLogin, test } from '../fixtures.ts';

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('brigade.token'));

test('an unauthenticated visit to /clients goes to /login, then back to /clients after signing in', async ({
  page,
  axe,
}) => {
  await page.goto('/clients');
  await expect(page).toHaveURL('/login?redirect=%2Fclients');
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await axe('login with a return path');

  await submitLogin(page, accounts.admin.email, demoPassword());
  await expect(page).toHaveURL('/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await axe('/clients');
});

test('an employee opening /clients is sent to their time entries', async ({ page, axe }) => {
  await signIn(page, 'employee', '/clients');
  await expect(page).toHaveURL('/time-entries');
  await expect(page.getByRole('heading', { level: 1, name: 'Mes heures' })).toBeVisible();
  await axe('/time-entries (employee)');
});

test('a supervisor may open a timesheet but not the overview', async ({ page, axe }) => {
  await signIn(page, 'supervisor', '/timesheets/edit/1');
  await expect(page).toHaveURL('/timesheets/edit/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Feuille de temps' })).toBeVisible();
  await axe('/timesheets/edit/1 (supervisor)');

  await page.goto('/overview');
  await expect(page).toHaveURL('/dashboard-supervisor');
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
  await axe('/dashboard-supervisor');
});

test('the root address opens the overview for an admin', async ({ page, axe }) => {
  await signIn(page, 'admin', '/');
  await expect(page).toHaveURL('/overview');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await axe('/ → /overview');
});

test('a page address with a dot is a page, not a missing file', async ({ page }) => {
  await signIn(page, 'admin');
  const response = await page.goto('/employees/jean.tremblay');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toContain('text/html');
});

test('a magic-link session stays on the page its link was issued for', async ({ page, axe }) => {
  await signIn(page, 'supervisor');
  // What the magic-link page stores for a link issued for timesheet 42.
  await page.evaluate(() =>
    localStorage.setItem('brigade.scope', JSON.stringify({ kind: 'timesheet', id: '42' })),
  );
  await page.goto('/dashboard-supervisor');
  await expect(page).toHaveURL('/timesheets/edit/42');
  await expect(page.getByRole('heading', { level: 1, name: 'Feuille de temps' })).toBeVisible();
  await axe('/timesheets/edit/42 (magic-link session)');

  for (const elsewhere of ['/time-entries', '/timesheets/edit/43', '/overview', '/login']) {
    await page.goto(elsewhere);
    await expect(page).toHaveURL('/timesheets/edit/42');
  }
});

test('an unknown path goes to the root, which opens the home page', async ({ page, axe }) => {
  await page.goto('/cette-page/nexiste-pas');
  await expect(page).toHaveURL('/login?redirect=%2Foverview');

  await signIn(page, 'admin', '/cette-page/nexiste-pas');
  await expect(page).toHaveURL('/overview');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await axe('/overview after an unknown path');
});

test('an expired token in storage sends the user to /login', async ({ page, axe }) => {
  await signIn(page, 'admin', '/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();

  // Only the payload's exp changes: the guard reads it on the client without checking the signature.
  await page.evaluate(() => {
    const token = localStorage.getItem('brigade.token') ?? '';
    const [header, payload, signature] = token.split('.');
    const toBase64 = (value: string) => value.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(toBase64(payload ?? ''))) as { exp: number };
    claims.exp = Math.floor(Date.now() / 1000) - 60;
    const expired = btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    localStorage.setItem('brigade.token', [header, expired, signature].join('.'));
  });

  await page.goto('/orders');
  await expect(page).toHaveURL('/login?redirect=%2Forders');
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  await axe('login after an expired session');
});

test('the log-out button ends the session on the server too', async ({ page, request, axe }) => {
  // A session of its own: logging out ends it.
  await signInWithForm(page, 'admin');
  const token = await storedToken(page);
  expect(token).toBeTruthy();
  const headers = { Authorization: `Bearer ${token}` };
  expect((await request.get('/api/users/me', { headers })).status()).toBe(200);

  await page.getByRole('navigation').getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  await axe('login after logging out');

  const reused = await request.get('/api/users/me', { headers });
  expect(reused.status()).toBe(401);

  // Nothing signed-in is reachable any more.
  await page.goto('/overview');
  await expect(page).toHaveURL('/login?redirect=%2Foverview');
});

test('supervisor and employee log out from the header', async ({ page }) => {
  for (const role of ['supervisor', 'employee'] as const) {
    await signInWithForm(page, role);
    await page.getByRole('banner').getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL('/login');
    await page.goto(accounts[role].home);
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(accounts[role].home)}`);
  }
});
