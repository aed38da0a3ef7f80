import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, testPassword } from '../../../test/app.ts';
import { sessions } from '../../db/schema/index.ts';
import { issueToken } from '../sessions/index.ts';
import { issueMagicLink } from './magic-link.ts';

// Lifetimes of their own, so that the test shows they come from the settings.
const t = await buildTestApp({ SESSION_HOURS: '8', FIELD_SESSION_DAYS: '45' });
const { app } = t;

const hour = 3600_000;
const day = 24 * hour;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (token: string) => app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
const refresh = (token: string) =>
  app.inject({ method: 'POST', url: '/api/session/refresh', headers: bearer(token) });
const logout = (token: string) => app.inject({ method: 'GET', url: '/api/logout', headers: bearer(token) });

function claims(token: string): { sid: string; exp: number; iat: number } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
}
/** How long from now the token is good for, in ms (its exp claim). */
const lifeLeft = (token: string) => claims(token).exp * 1000 - Date.now();

async function sessionRow(token: string) {
  const [row] = await t.db
    .select()
    .from(sessions)
    .where(eq(sessions.id, claims(token).sid));
  return row!;
}

/** The session of `token` as if signed in long ago: its end `days` from now (the JWT still says its own). */
async function ageSession(token: string, daysLeft: number) {
  await t.db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() + daysLeft * day) })
    .where(eq(sessions.id, claims(token).sid));
}

describe('how long a sign-in lasts', () => {
  it('lasts FIELD_SESSION_DAYS for a worker and a supervisor, SESSION_HOURS for an admin', async () => {
    for (const [role, expected] of [
      ['employee', 45 * day],
      ['supervisor', 45 * day],
      ['admin', 8 * hour],
    ] as const) {
      const { token } = await t.signedIn(role);
      expect(lifeLeft(token), role).toBeGreaterThan(expected - 60_000);
      expect(lifeLeft(token), role).toBeLessThanOrEqual(expected);
      const row = await sessionRow(token);
      expect(Math.abs(row.expiresAt.getTime() - claims(token).exp * 1000), role).toBeLessThan(1000);
    }
  });

  it('lasts SESSION_HOURS for a magic link, even a supervisor’s', async () => {
    const supervisor = await t.createUser({ role: 'supervisor' });
    const link = await issueMagicLink(t, supervisor.id, { kind: 'timesheet', id: supervisor.id });
    const { token } = (await t.exchangeMagicLink(link)).json();
    expect(lifeLeft(token)).toBeLessThanOrEqual(8 * hour);
    expect(lifeLeft(token)).toBeGreaterThan(8 * hour - 60_000);
  });
});

describe('POST /api/session/refresh', () => {
  it('slides a worker’s sign-in: the same session, ending FIELD_SESSION_DAYS from now', async () => {
    const { user, token } = await t.signedIn('employee', { language: 'en' });
    await ageSession(token, 3);

    const response = await refresh(token);
    expect(response.statusCode, response.body).toBe(200);
    const renewed = response.json();
    expect(renewed.user).toEqual({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: 'employee',
      language: 'en',
    });
    expect(claims(renewed.token).sid).toBe(claims(token).sid);
    expect(lifeLeft(renewed.token)).toBeGreaterThan(45 * day - 60_000);
    expect((await sessionRow(token)).expiresAt.getTime()).toBeGreaterThan(Date.now() + 45 * day - 60_000);
    expect((await me(renewed.token)).statusCode).toBe(200);
    // The old token is the same session: good until its own exp.
    expect((await me(token)).statusCode).toBe(200);
  });

  it('slides a supervisor’s sign-in too', async () => {
    const { token } = await t.signedIn('supervisor');
    await ageSession(token, 1);
    const response = await refresh(token);
    expect(response.statusCode).toBe(200);
    expect(lifeLeft(response.json().token)).toBeGreaterThan(45 * day - 60_000);
  });

  it('never extends an admin’s sign-in', async () => {
    const { token } = await t.signedIn('admin');
    const before = (await sessionRow(token)).expiresAt;
    const response = await refresh(token);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
    expect((await sessionRow(token)).expiresAt).toEqual(before);
  });

  it('never extends a magic-link session', async () => {
    const supervisor = await t.createUser({ role: 'supervisor' });
    const link = await issueMagicLink(t, supervisor.id, { kind: 'timesheet', id: supervisor.id });
    const { token } = (await t.exchangeMagicLink(link)).json();
    const before = (await sessionRow(token)).expiresAt;
    expect((await refresh(token)).statusCode).toBe(403);
    expect((await sessionRow(token)).expiresAt).toEqual(before);
  });

  it('is refused after logout, and logging out with either token ends the renewed session', async () => {
    const user = await t.createUser({ role: 'employee' });
    const first = await t.login(user.email);
    const renewed = (await refresh(first.token)).json();
    // Logging out with the renewed token ends the older one too: they are one session.
    expect((await logout(renewed.token)).statusCode).toBe(204);
    for (const token of [renewed.token, first.token]) {
      expect((await me(token)).statusCode).toBe(401);
      const again = await refresh(token);
      expect(again.statusCode).toBe(401);
      expect(again.json().code).toBe('UNAUTHORIZED');
    }

    // And the other way round: the token from before the renewal logs the renewed one out.
    const second = await t.login(user.email);
    const secondRenewed = (await refresh(second.token)).json();
    expect((await logout(second.token)).statusCode).toBe(204);
    expect((await me(secondRenewed.token)).statusCode).toBe(401);
    expect((await refresh(secondRenewed.token)).statusCode).toBe(401);
  });

  it('is refused once the password was changed elsewhere, or reset through a link', async () => {
    const user = await t.createUser({ role: 'employee' });
    const phone = (await t.login(user.email)).token;
    const renewedOnPhone = (await refresh(phone)).json().token;
    const desk = (await t.login(user.email)).token;
    const changed = await app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: bearer(desk),
      payload: { currentPassword: testPassword, newPassword: 'changed at the desk' },
    });
    expect(changed.statusCode).toBe(200);
    for (const token of [phone, renewedOnPhone]) expect((await refresh(token)).statusCode).toBe(401);
    // The session that changed it goes on, and renews.
    expect((await refresh(desk)).statusCode).toBe(200);

    const link = await issueToken(t.db, { userId: user.id, purpose: 'password_reset' });
    expect((await t.resetPassword(link, 'reset by a link')).statusCode).toBe(200);
    expect((await refresh(desk)).statusCode).toBe(401);
  });

  it('is refused once the worker is archived', async () => {
    const admin = await t.signedIn('admin');
    const worker = await t.signIn(await t.createEmployee());
    // Something refers to them (their own change in the audit log): they are archived, not deleted.
    await app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: worker.headers,
      payload: { language: 'en' },
    });
    const renewed = (await refresh(worker.token)).json().token;
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/employees/${worker.user.id}`,
      headers: admin.headers,
    });
    expect(removed.json()).toEqual({ outcome: 'archived' });
    expect((await refresh(renewed)).statusCode).toBe(401);
    expect((await me(renewed)).statusCode).toBe(401);
  });
});

describe('choosing a password from a link signs in', () => {
  it('tells the link page its owner’s language, and nothing else about them', async () => {
    const english = await t.createUser({ language: 'en', email: null, phone: '+14385550777' });
    const invitation = await issueToken(t.db, { userId: english.id, purpose: 'invitation' });
    const status = await app.inject({
      method: 'GET',
      url: '/api/forgot-password/status',
      headers: bearer(invitation),
    });
    expect(status.json()).toEqual({ valid: true, purpose: 'invitation', language: 'en' });
  });

  it('answers a session of the person’s own lifetime, the one session left', async () => {
    const worker = await t.createUser({
      role: 'employee',
      language: 'en',
      email: null,
      phone: '+14385550778',
    });
    const before = await issueToken(t.db, { userId: worker.id, purpose: 'invitation' });
    const link = await issueToken(t.db, { userId: worker.id, purpose: 'invitation' });
    // A session from elsewhere (a magic link, say) ends with the change.
    const other = await t.db
      .insert(sessions)
      .values({ userId: worker.id, expiresAt: new Date(Date.now() + day) })
      .returning();

    const response = await t.resetPassword(link, 'chosen from the SMS');
    expect(response.statusCode, response.body).toBe(200);
    const signedIn = response.json();
    expect(signedIn.user).toMatchObject({ id: worker.id, role: 'employee', language: 'en', email: null });
    expect(lifeLeft(signedIn.token)).toBeGreaterThan(45 * day - 60_000);
    expect((await me(signedIn.token)).json()).toMatchObject({ id: worker.id, phone: '+14385550778' });

    const open = await t.db.select().from(sessions).where(eq(sessions.userId, worker.id));
    expect(open.filter((row) => row.revokedAt === null).map((row) => row.id)).toEqual([
      claims(signedIn.token).sid,
    ]);
    expect(open.find((row) => row.id === other[0]!.id)!.revokedAt).not.toBeNull();
    // The other invitation was spent with it.
    expect((await t.resetPassword(before, 'an older link')).statusCode).toBe(401);
  });

  it('gives an admin the office’s sign-in', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const link = await issueToken(t.db, { userId: admin.id, purpose: 'password_reset' });
    const { token } = (await t.resetPassword(link, 'a new office password')).json();
    expect(lifeLeft(token)).toBeLessThanOrEqual(8 * hour);
  });

  it('sets nothing for an archived account: its link reads as spent', async () => {
    const archived = await t.createUser({ active: false });
    const link = await issueToken(t.db, { userId: archived.id, purpose: 'invitation' });
    const status = await app.inject({
      method: 'GET',
      url: '/api/forgot-password/status',
      headers: bearer(link),
    });
    expect(status.json()).toEqual({ valid: false, purpose: null, language: null });
    const response = await t.resetPassword(link, 'should not be set');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('TOKEN_INVALID');
    expect(await sessionsOf(archived.id)).toEqual([]);
  });
});

const sessionsOf = (userId: string) => t.db.select().from(sessions).where(eq(sessions.userId, userId));
