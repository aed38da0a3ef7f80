import { describe, expect, it } from 'vitest';
import { buildTestApp, testPassword } from '../../../test/app.ts';
import { issueToken } from '../sessions/index.ts';
import { maxPhoneSignInCandidates } from './login.ts';

const t = await buildTestApp();
const { app } = t;

const login = (payload: Record<string, string>) => app.inject({ method: 'POST', url: '/api/login', payload });

/** A worker with a mobile phone and no e-mail (invited by SMS). */
const phoneOnlyUser = async (phone: string, password = testPassword, active = true) =>
  t.createUser({ email: null, phone, active, password });

describe('POST /api/login with a mobile phone', () => {
  it('signs in an employee who has no e-mail, whatever the way the number is typed', async () => {
    const user = await phoneOnlyUser('+15145550301');
    for (const typed of ['514 555-0301', '(514) 555-0301', '+1 514 555 0301', '15145550301']) {
      const response = await login({ phone: typed, password: testPassword });
      expect(response.statusCode, typed).toBe(200);
      expect(response.json().user).toMatchObject({ id: user.id, email: null, role: 'employee' });
      const me = await app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${response.json().token}` },
      });
      expect(me.json()).toMatchObject({ id: user.id, phone: '+15145550301' });
    }
  });

  it('answers a wrong password and an unknown number with the same 401', async () => {
    await phoneOnlyUser('+15145550302');
    const wrong = await login({ phone: '514 555-0302', password: 'not the password' });
    const unknown = await login({ phone: '514 555-0399', password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('a number is one active account: the database refuses a second one (issue 27)', async () => {
    await phoneOnlyUser('+15145550303', 'password of the father');
    await expect(phoneOnlyUser('+15145550303', 'password of the son')).rejects.toMatchObject({
      cause: { constraint: 'users_active_phone_key' },
    });
    // Archived, an account keeps its number without blocking anyone.
    await phoneOnlyUser('+15145550304', 'the old account', false);
    const now = await phoneOnlyUser('+15145550304', 'the new account');
    const response = await login({ phone: '5145550304', password: 'the new account' });
    expect(response.json().user.id).toBe(now.id);
  });

  it('refuses an inactive account, and skips it on a number now someone else’s', async () => {
    await phoneOnlyUser('+15145550305', 'old account password', false);
    const inactive = await login({ phone: '5145550305', password: 'old account password' });
    expect(inactive.statusCode).toBe(401);
    expect(inactive.json().code).toBe('ACCOUNT_INACTIVE');

    // The same password on the active account of that phone: the active one is signed in.
    await phoneOnlyUser('+15145550306', 'shared password', false);
    const active = await phoneOnlyUser('+15145550306', 'shared password');
    const response = await login({ phone: '5145550306', password: 'shared password' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(active.id);
  });

  it(`checks at most ${maxPhoneSignInCandidates} accounts of one phone, the active one first`, async () => {
    const phone = '+15145550307';
    await phoneOnlyUser(phone, 'the oldest account', false);
    for (let i = 0; i < maxPhoneSignInCandidates - 1; i++) await phoneOnlyUser(phone, `account ${i}`, false);
    const active = await phoneOnlyUser(phone, 'the active account');
    const response = await login({ phone, password: 'the oldest account' });
    expect(response.json().code).toBe('INVALID_CREDENTIALS');
    // The active one, then the most recently changed ones are checked.
    expect((await login({ phone, password: 'the active account' })).json().user.id).toBe(active.id);
    expect((await login({ phone, password: 'account 0' })).json().code).toBe('ACCOUNT_INACTIVE');
  });

  it('signs in by phone with the password set through an SMS invitation link', async () => {
    const user = await t.createUser({ email: null, phone: '+14185550308', passwordHash: null });
    expect((await login({ phone: '418 555-0308', password: 'anything at all' })).statusCode).toBe(401);
    const invitation = await issueToken(t.db, { userId: user.id, purpose: 'invitation' });
    const set = await t.resetPassword(invitation, 'chosen on my phone');
    expect(set.statusCode).toBe(200);
    const response = await login({ phone: '418 555-0308', password: 'chosen on my phone' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(user.id);
  });

  it('needs an e-mail or a phone, not both, and a phone that is one', async () => {
    const neither = await login({ password: testPassword });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().details.fields).toEqual([
      expect.objectContaining({ path: 'email', message: 'email_or_phone' }),
    ]);
    const both = await login({ email: 'a@example.test', phone: '5145550309', password: testPassword });
    expect(both.statusCode).toBe(400);
    expect(both.json().details.fields[0].path).toBe('email');
    const notAPhone = await login({ phone: '555-01', password: testPassword });
    expect(notAPhone.statusCode).toBe(400);
    expect(notAPhone.json().details.fields[0]).toMatchObject({ path: 'phone', message: 'invalid_phone' });
  });
});
