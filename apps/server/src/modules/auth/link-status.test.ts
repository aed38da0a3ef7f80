import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { issueToken } from '../sessions/index.ts';
import { issueMagicLink } from './magic-link.ts';

// A low limit, so that the rate-limit test reaches it; every other call comes from its own address.
const t = await buildTestApp({ LOGIN_RATE_LIMIT: '5' });
const { app } = t;

let address = 0;
/** GET /api/forgot-password/status with `token` as the bearer, from an address of its own. */
function status(token?: string, remoteAddress = `10.0.${Math.floor(++address / 250)}.${address % 250}`) {
  return app.inject({
    method: 'GET',
    url: '/api/forgot-password/status',
    remoteAddress,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
}

const invalid = { valid: false, purpose: null, language: null };

describe('GET /api/forgot-password/status', () => {
  it('says a reset link and an invitation link are usable, what kind each is and in which language, without using them', async () => {
    const user = await t.createUser({ language: 'en' });
    const reset = await issueToken(t.db, { userId: user.id, purpose: 'password_reset' });
    const invitation = await issueToken(t.db, { userId: user.id, purpose: 'invitation' });

    for (let i = 0; i < 2; i++) {
      expect((await status(reset)).json()).toEqual({
        valid: true,
        purpose: 'password_reset',
        language: 'en',
      });
      expect((await status(invitation)).json()).toEqual({
        valid: true,
        purpose: 'invitation',
        language: 'en',
      });
    }
    // Only the answer's three fields: nothing about whose link it is.
    expect(Object.keys((await status(reset)).json()).sort()).toEqual(['language', 'purpose', 'valid']);
    // Checking did not spend it.
    expect((await t.resetPassword(invitation, 'a brand new password')).statusCode).toBe(200);
  });

  it('answers a used, expired, unknown, magic or missing link alike, as unusable', async () => {
    const user = await t.createUser();
    const used = await issueToken(t.db, { userId: user.id, purpose: 'password_reset' });
    expect((await t.resetPassword(used, 'a brand new password')).statusCode).toBe(200);
    const expired = await issueToken(t.db, { userId: user.id, purpose: 'password_reset', minutes: -1 });
    const expiredInvitation = await issueToken(t.db, { userId: user.id, purpose: 'invitation', minutes: -1 });
    const magic = await issueMagicLink(t, user.id, { kind: 'timesheet', id: user.id });
    const answers = await Promise.all(
      [used, expired, expiredInvitation, magic, 'x'.repeat(43), undefined].map((token) => status(token)),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(invalid);
    }
    // Usable until it sets a password, unusable from then on.
    const beforeReset = await issueToken(t.db, { userId: user.id, purpose: 'invitation' });
    expect((await status(beforeReset)).json()).toMatchObject({ valid: true });
    expect((await t.resetPassword(beforeReset, 'yet another password')).statusCode).toBe(200);
    expect((await status(beforeReset)).json()).toEqual(invalid);
  });

  it('is rate-limited per address, like the other link checks', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await status('y'.repeat(43), '10.9.9.9')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await status('y'.repeat(43), '10.9.9.9');
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    expect((await status('y'.repeat(43), '10.9.9.10')).statusCode).toBe(200);
  });
});
