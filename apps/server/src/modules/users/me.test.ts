import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, testPassword } from '../../../test/app.ts';
import { auditLog } from '../../db/schema/index.ts';
import { issueMagicLink } from '../auth/index.ts';
import { issueToken } from '../sessions/index.ts';

const t = await buildTestApp();
const { app } = t;

const putMe = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  app.inject({ method: 'PUT', url: '/api/users/me', headers, payload });

describe('GET/PUT /api/users/me', () => {
  it('returns the signed-in user with their phone', async () => {
    const { user, headers } = await t.signedIn('employee', { phone: '+15145550123' });
    const response = await app.inject({ method: 'GET', url: '/api/users/me', headers });
    expect(response.json()).toMatchObject({
      id: user.id,
      role: 'employee',
      phone: '+15145550123',
      language: 'fr',
    });
  });

  it('saves language and names, a phone typed with spaces waits for its code, and audits the change', async () => {
    const { user, headers } = await t.signedIn('supervisor');
    const response = await putMe(headers, {
      language: 'en',
      firstName: 'Zoé',
      lastName: 'Bélanger',
      phone: '514 555-1234',
    });
    expect(response.statusCode).toBe(200);
    // A new mobile is theirs once they type the code sent to it (phone-owner.test.ts).
    expect(response.json()).toMatchObject({
      language: 'en',
      firstName: 'Zoé',
      lastName: 'Bélanger',
      phone: null,
      pendingPhone: '+15145551234',
    });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
    const entry = entries.find((row) => row.action === 'user.update_profile');
    expect(entry).toMatchObject({ actorId: user.id, action: 'user.update_profile', entity: 'user' });
    expect(entry!.before).toMatchObject({ language: 'fr' });
    expect(entry!.after).toMatchObject({ language: 'en' });
    expect((entry!.after as { searchText: string }).searchText).toContain('zoe belanger');
    expect(JSON.stringify(entry)).not.toContain('passwordHash');
  });

  it('refuses an unknown language', async () => {
    const { headers } = await t.signedIn('employee');
    const response = await putMe(headers, { language: 'de' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fields[0].path).toBe('language');
  });

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const user = await t.createUser();
    const here = await t.login(user.email);
    const elsewhere = await t.login(user.email);
    const headers = { authorization: `Bearer ${here.token}` };

    const wrong = await putMe(headers, { currentPassword: 'nope nope', newPassword: 'new password 1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('WRONG_PASSWORD');

    const missing = await putMe(headers, { newPassword: 'new password 1' });
    expect(missing.statusCode).toBe(400);

    const ok = await putMe(headers, { currentPassword: testPassword, newPassword: 'new password 1' });
    expect(ok.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers })).statusCode).toBe(200);
    const other = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${elsewhere.token}` },
    });
    expect(other.statusCode).toBe(401);
    await t.login(user.email, 'new password 1');
  });

  it('spends the links sent before a password change', async () => {
    const user = await t.createUser();
    const { token } = await t.login(user.email);
    const reset = await issueToken(t.db, { userId: user.id, purpose: 'password_reset' });
    const magic = await issueMagicLink(t, user.id, { kind: 'timesheet', id: 'ts-8' });
    const change = await putMe(
      { authorization: `Bearer ${token}` },
      { currentPassword: testPassword, newPassword: 'changed in my profile' },
    );
    expect(change.statusCode).toBe(200);

    const viaReset = await t.resetPassword(reset, 'set by an old link');
    expect(viaReset.statusCode).toBe(401);
    const viaMagic = await t.exchangeMagicLink(magic);
    expect(viaMagic.statusCode).toBe(401);
    await t.login(user.email, 'changed in my profile');
  });

  it('leaves the links alone when only the profile changes', async () => {
    const { user, headers } = await t.signedIn('employee');
    const reset = await issueToken(t.db, { userId: user.id, purpose: 'password_reset' });
    const update = await putMe(headers, { language: 'en' });
    expect(update.statusCode).toBe(200);
    const viaReset = await t.resetPassword(reset, 'set by a fresh link');
    expect(viaReset.statusCode).toBe(200);
  });
});
