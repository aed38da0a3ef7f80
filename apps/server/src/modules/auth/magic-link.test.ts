import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { issueMagicLink } from './service.ts';

const t = await buildTestApp();
const { app } = t;

const exchange = (token: string) =>
  app.inject({ method: 'POST', url: '/api/login-magic-link', payload: { token } });

describe('magic-link sign-in', () => {
  it('exchanges a one-time token for a session limited to what it was issued for', async () => {
    const supervisor = await t.createUser({ role: 'supervisor', firstName: 'Étienne' });
    const token = await issueMagicLink(t, supervisor.id, { kind: 'timesheet', id: 'ts-42' });

    const response = await exchange(token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({ id: supervisor.id, role: 'supervisor', firstName: 'Étienne' });
    expect(body.scope).toEqual({ kind: 'timesheet', id: 'ts-42' });
    const headers = { authorization: `Bearer ${body.token}` };

    // It may say who it is…
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers })).statusCode).toBe(200);
    // …but not act as a full session.
    const update = await app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers,
      payload: { language: 'en' },
    });
    expect(update.statusCode).toBe(403);

    // Single use.
    const again = await exchange(token);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('TOKEN_INVALID');
  });

  it('does not give an admin’s magic-link session the admin routes', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const token = await issueMagicLink(t, admin.id, { kind: 'timesheet', id: 'ts-1' });
    const { token: session } = (await exchange(token)).json();
    const response = await app.inject({
      method: 'GET',
      url: '/api/audit-log',
      headers: { authorization: `Bearer ${session}` },
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses expired and unknown tokens, and inactive users', async () => {
    const supervisor = await t.createUser({ role: 'supervisor' });
    const expired = await issueMagicLink(t, supervisor.id, { kind: 'timesheet' }, -1);
    expect((await exchange(expired)).statusCode).toBe(401);
    expect((await exchange('x'.repeat(43))).statusCode).toBe(401);
    const inactive = await t.createUser({ role: 'supervisor', active: false });
    expect((await exchange(await issueMagicLink(t, inactive.id, { kind: 'timesheet' }))).statusCode).toBe(
      401,
    );
  });

  it('can be logged out like any session', async () => {
    const supervisor = await t.createUser({ role: 'supervisor' });
    const { token } = (await exchange(await issueMagicLink(t, supervisor.id, { kind: 'timesheet' }))).json();
    const headers = { authorization: `Bearer ${token}` };
    expect((await app.inject({ method: 'GET', url: '/api/logout', headers })).statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers })).statusCode).toBe(401);
  });
});
