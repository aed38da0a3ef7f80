import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from '../../../test/app.ts';
import { authorize, type Rule, scopeAllows } from '../../lib/policy.ts';
import { issueMagicLink } from './magic-link.ts';

/** Stands for the timesheet policy to come: supervisors, and 'timesheet' magic links for that one timesheet. */
const readTimesheet: Rule<string> = {
  roles: ['admin', 'supervisor'],
  scopes: ['timesheet'],
  allows: (actor, timesheetId) => scopeAllows(actor.scope, 'timesheet', timesheetId),
};

const t = await buildTestApp(
  {},
  {
    // Stands for the timesheet routes to come: open to 'timesheet' magic links, one timesheet by id.
    routes: (app) => {
      app.get(
        '/api/test-only/timesheets/:id',
        {
          config: { access: readTimesheet },
          schema: { params: z.object({ id: z.string() }) },
        },
        async (request) => {
          if (!request.auth) throw new Error('the route is guarded');
          authorize(request.auth, readTimesheet, request.params.id);
          return { id: request.params.id };
        },
      );
    },
  },
);
const { app } = t;

describe('magic-link sign-in', () => {
  it('exchanges a link’s token for a session limited to what it was issued for', async () => {
    const supervisor = await t.createUser({ role: 'supervisor', firstName: 'Étienne' });
    const token = await issueMagicLink(t, supervisor.id, { kind: 'timesheet', id: 'ts-42' });

    const response = await t.exchangeMagicLink(token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({ id: supervisor.id, role: 'supervisor', firstName: 'Étienne' });
    expect(body.scope).toEqual({ kind: 'timesheet', id: 'ts-42' });
    const headers = { authorization: `Bearer ${body.token}` };

    // It may say who it is…
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers })).statusCode).toBe(200);
    // …but not act as a full session.
    const audit = await app.inject({ method: 'GET', url: '/api/audit-log', headers });
    expect(audit.statusCode).toBe(403);

    // The supervisor may open the link again (from the e-mail, then from their phone) until it
    // expires; each opening is a session of its own.
    const again = await t.exchangeMagicLink(token);
    expect(again.statusCode).toBe(200);
    expect(again.json().token).not.toBe(body.token);
  });

  it('does not give an admin’s magic-link session the admin routes', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const token = await issueMagicLink(t, admin.id, { kind: 'timesheet', id: 'ts-1' });
    const { token: session } = (await t.exchangeMagicLink(token)).json();
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
    expect((await t.exchangeMagicLink(expired)).statusCode).toBe(401);
    expect((await t.exchangeMagicLink('x'.repeat(43))).statusCode).toBe(401);
    const inactive = await t.createUser({ role: 'supervisor', active: false });
    expect(
      (await t.exchangeMagicLink(await issueMagicLink(t, inactive.id, { kind: 'timesheet' }))).statusCode,
    ).toBe(401);
  });

  it('can be logged out like any session', async () => {
    const supervisor = await t.createUser({ role: 'supervisor' });
    const { token } = (
      await t.exchangeMagicLink(await issueMagicLink(t, supervisor.id, { kind: 'timesheet' }))
    ).json();
    const headers = { authorization: `Bearer ${token}` };
    expect((await app.inject({ method: 'GET', url: '/api/logout', headers })).statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers })).statusCode).toBe(401);
  });

  it('reaches only the resource its link names: another id of the same kind is forbidden', async () => {
    const supervisor = await t.createUser({ role: 'supervisor' });
    const { token } = (
      await t.exchangeMagicLink(await issueMagicLink(t, supervisor.id, { kind: 'timesheet', id: 'ts-42' }))
    ).json();
    const headers = { authorization: `Bearer ${token}` };
    const own = await app.inject({ method: 'GET', url: '/api/test-only/timesheets/ts-42', headers });
    expect(own.statusCode).toBe(200);
    const other = await app.inject({ method: 'GET', url: '/api/test-only/timesheets/ts-43', headers });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('FORBIDDEN');

    // A link issued without an id names no timesheet.
    const { token: vague } = (
      await t.exchangeMagicLink(await issueMagicLink(t, supervisor.id, { kind: 'timesheet' }))
    ).json();
    const anyTimesheet = await app.inject({
      method: 'GET',
      url: '/api/test-only/timesheets/ts-42',
      headers: { authorization: `Bearer ${vague}` },
    });
    expect(anyTimesheet.statusCode).toBe(403);

    // A full session of the same supervisor is not limited by scopes.
    const { token: full } = await t.login(supervisor.email);
    const fullSession = await app.inject({
      method: 'GET',
      url: '/api/test-only/timesheets/ts-43',
      headers: { authorization: `Bearer ${full}` },
    });
    expect(fullSession.statusCode).toBe(200);
  });

  it('may save its language, and nothing else of the profile', async () => {
    const supervisor = await t.createUser({ role: 'supervisor', language: 'fr' });
    const { token } = (
      await t.exchangeMagicLink(await issueMagicLink(t, supervisor.id, { kind: 'timesheet', id: 'ts-9' }))
    ).json();
    const headers = { authorization: `Bearer ${token}` };
    const put = (payload: Record<string, string | undefined>) =>
      app.inject({ method: 'PUT', url: '/api/users/me', headers, payload });

    const language = await put({ language: 'en' });
    expect(language.statusCode).toBe(200);
    expect(language.json()).toMatchObject({ id: supervisor.id, language: 'en' });
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers });
    expect(me.json().language).toBe('en');

    for (const payload of [
      { language: 'fr', firstName: 'Usurpé' },
      { phone: '514 555-0000' },
      { currentPassword: 'whatever', newPassword: 'a new password' },
    ]) {
      const response = await put(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(403);
    }
    const after = await app.inject({ method: 'GET', url: '/api/users/me', headers });
    expect(after.json()).toMatchObject({ language: 'en', firstName: supervisor.firstName, phone: null });
  });
});

describe('scopeAllows', () => {
  it('lets a full session through and a scoped one only to its own resource', () => {
    expect(scopeAllows(null, 'timesheet', '1')).toBe(true);
    expect(scopeAllows({ kind: 'timesheet', id: '1' }, 'timesheet', '1')).toBe(true);
    expect(scopeAllows({ kind: 'timesheet', id: '1' }, 'timesheet', '2')).toBe(false);
    expect(scopeAllows({ kind: 'timesheet', id: '1' }, 'order', '1')).toBe(false);
    expect(scopeAllows({ kind: 'timesheet' }, 'timesheet', '1')).toBe(false);
  });
});
