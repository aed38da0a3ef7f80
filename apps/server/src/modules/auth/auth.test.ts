import { eq } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { buildTestApp, testPassword } from '../../../test/app.ts';
import { sessions } from '../../db/schema/index.ts';

const t = await buildTestApp();
const { app } = t;

const me = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/users/me', headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('POST /api/login', () => {
  it('signs in whatever the case of the e-mail and returns the user', async () => {
    const user = await t.createUser({ email: 'Marie.Roy@Example.test', role: 'supervisor', language: 'en' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: '  marie.roy@example.TEST ', password: testPassword },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toEqual({
      id: user.id,
      email: 'Marie.Roy@Example.test',
      firstName: user.firstName,
      lastName: user.lastName,
      role: 'supervisor',
      language: 'en',
    });
    expect((await me(bearer(body.token))).statusCode).toBe(200);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const user = await t.createUser();
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'not the password' },
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nobody@example.test', password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses an inactive account', async () => {
    const user = await t.createUser({ active: false });
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: testPassword },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('ACCOUNT_INACTIVE');
  });

  it('rejects a malformed body with the failing fields', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'not-an-email' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    const paths = body.details.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['email', 'password']));
  });
});

describe('session tokens', () => {
  it('needs a token on protected routes', async () => {
    const response = await me({});
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHORIZED');
  });

  it('rejects a token whose payload was tampered with', async () => {
    const { token } = await t.signedIn('employee');
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const admin = await t.createUser({ role: 'admin' });
    claims.sub = admin.id;
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    expect((await me(bearer(forged))).statusCode).toBe(401);
  });

  it("rejects 'alg: none' and other algorithms", async () => {
    const { user, token } = await t.signedIn('employee');
    const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;
    const unsigned = new UnsecuredJWT({ sid }).setSubject(user.id).setExpirationTime('1h').encode();
    expect((await me(bearer(unsigned))).statusCode).toBe(401);
    const hs512 = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(user.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(t.jwtSecret));
    expect((await me(bearer(hs512))).statusCode).toBe(401);
  });

  it('rejects a token signed with another key', async () => {
    const { user, token } = await t.signedIn('employee');
    const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;
    const other = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await me(bearer(other))).statusCode).toBe(401);
  });

  it('rejects an expired token', async () => {
    const { user, token } = await t.signedIn('employee');
    const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;
    const expired = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(t.jwtSecret));
    expect((await me(bearer(expired))).statusCode).toBe(401);
  });

  it('rejects a token without exp', async () => {
    const { user, token } = await t.signedIn('employee');
    const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;
    const forever = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .sign(new TextEncoder().encode(t.jwtSecret));
    expect((await me(bearer(forever))).statusCode).toBe(401);
  });

  it('logout makes that token unusable at once, and only that one', async () => {
    const user = await t.createUser();
    const first = await t.login(user.email);
    const second = await t.login(user.email);
    const logout = await app.inject({ method: 'GET', url: '/api/logout', headers: bearer(first.token) });
    expect(logout.statusCode).toBe(204);
    expect((await me(bearer(first.token))).statusCode).toBe(401);
    expect((await me(bearer(second.token))).statusCode).toBe(200);
  });

  it('rejects a session past its expiry even if the JWT says otherwise', async () => {
    const { user, headers } = await t.signedIn('employee');
    expect((await me(headers)).statusCode).toBe(200);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    await app.deps.sessions.forgetUser(user.id);
    expect((await me(headers)).statusCode).toBe(401);
  });

  it('ends the sessions of a user who is deactivated', async () => {
    const { user, headers } = await t.signedIn('employee');
    const { users } = await import('../../db/schema/index.ts');
    await t.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    // Whoever changes a user tells the session store, as the services do.
    await app.deps.sessions.forgetUser(user.id);
    expect((await me(headers)).statusCode).toBe(401);
  });
});

describe('roles', () => {
  it('keeps admin-only routes from supervisors and employees', async () => {
    for (const role of ['supervisor', 'employee'] as const) {
      const { headers } = await t.signedIn(role);
      const response = await app.inject({ method: 'GET', url: '/api/audit-log', headers });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    const admin = await t.signedIn('admin');
    expect(
      (await app.inject({ method: 'GET', url: '/api/audit-log', headers: admin.headers })).statusCode,
    ).toBe(200);
  });

  it('uses the role stored now, not the one at sign-in', async () => {
    const { user, headers } = await t.signedIn('admin');
    const { users } = await import('../../db/schema/index.ts');
    expect((await app.inject({ method: 'GET', url: '/api/audit-log', headers })).statusCode).toBe(200);
    await t.db.update(users).set({ role: 'employee' }).where(eq(users.id, user.id));
    await app.deps.sessions.forgetUser(user.id);
    expect((await app.inject({ method: 'GET', url: '/api/audit-log', headers })).statusCode).toBe(403);
  });
});
