import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildTestApp, testPassword } from '../../../test/app.ts';
import { auditLog, oneTimeTokens, outbox } from '../../db/schema/index.ts';
import { createDeliverers, deliverDueMessages } from '../outbox/index.ts';
import { issueToken } from '../sessions/index.ts';
import { issueMagicLink } from './magic-link.ts';
import { passwordResetMinimumMs } from './password-reset.ts';

// The service's minimum wait (node:timers/promises) runs on the clock vi.useFakeTimers controls.
vi.mock('node:timers/promises', async (importOriginal) => ({
  ...(await importOriginal<typeof import('node:timers/promises')>()),
  setTimeout: vi.fn(
    <T>(ms?: number, value?: T) =>
      new Promise<T | undefined>((resolve) => globalThis.setTimeout(resolve, ms, value)),
  ),
}));

const t = await buildTestApp();
const { app } = t;
const deliverers = createDeliverers(t.config);

async function outboxFiles(kind: 'mail' | 'sms') {
  const folder = path.join(t.config.DATA_DIR, 'outbox', kind);
  const names = await readdir(folder).catch(() => [] as string[]);
  return Promise.all(names.sort().map((name) => readFile(path.join(folder, name), 'utf8')));
}

function linkToken(text: string): string {
  const match = /https:\/\/brigade\.example\/change-password\/([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no link in ${text}`);
  return match[1]!;
}

/**
 * Waits until `condition` holds, turn after turn of the event loop: unlike expect.poll, without
 * moving the fake clock.
 */
async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setImmediate(resolve));
}

const forgot = (payload: Record<string, string | undefined>) =>
  app.inject({ method: 'POST', url: '/api/forgot-password', payload });

describe('forgot password', () => {
  it('answers identically whether or not the account exists, and sends only to real accounts', async () => {
    const user = await t.createUser({ email: 'louise@example.test' });
    const known = await forgot({ email: 'Louise@example.test' });
    const unknown = await forgot({ email: 'ghost@example.test' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    // Only this test's two addresses: other tests of the file queue messages too.
    const queued = await t.db
      .select()
      .from(outbox)
      .where(inArray(outbox.recipient, [user.email, 'ghost@example.test']));
    expect(queued.map((m) => m.recipient)).toEqual([user.email]);
  });

  it('answers an SMS request for an unknown number exactly as for a known one, and texts only the known one', async () => {
    await t.createUser({ phone: '+15145550210' });
    const textedTo = async (phone: string) =>
      (await t.db.select().from(outbox).where(eq(outbox.recipient, phone))).length;
    // The clock of the service's minimum wait is the test's: no wall-clock time is measured.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const minimumWait = vi.mocked(sleep);
    /** The answer, which does not come before the minimum wait has run out, whatever was found. */
    const answer = async (phone: string, workDone: () => Promise<boolean>) => {
      const waits = minimumWait.mock.calls.length;
      let answered = false;
      const response = forgot({ phone }).finally(() => {
        answered = true;
      });
      await until(async () => minimumWait.mock.calls.length > waits);
      expect(minimumWait.mock.lastCall?.[0]).toBe(passwordResetMinimumMs);
      await until(workDone);
      await vi.advanceTimersByTimeAsync(passwordResetMinimumMs - 1);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      return response;
    };
    // The known number's text is queued well before its answer may leave.
    const known = await answer('514 555-0210', async () => (await textedTo('+15145550210')) === 1);
    const unknown = await answer('514 555-0299', async () => true);
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    const texted = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'sms'), inArray(outbox.recipient, ['+15145550210', '+15145550299'])));
    expect(texted.map((m) => m.recipient)).toEqual(['+15145550210']);
  });

  it('e-mails a 30-minute link in the user’s language, through the outbox, and the link resets the password once', async () => {
    const user = await t.createUser({ email: 'sam@example.test', language: 'en' });
    const oldSession = await t.login(user.email);
    await forgot({ email: user.email });
    expect(await deliverDueMessages(t.db, deliverers)).toBeGreaterThanOrEqual(1);

    const mails = await Promise.all((await outboxFiles('mail')).map((file) => simpleParser(file)));
    const mail = mails.find((m) => m.to && !Array.isArray(m.to) && m.to.text === user.email)!;
    expect(mail.subject).toBe('Brigade — password reset');
    expect(mail.text).toContain('valid for 30 minutes');
    const token = linkToken(mail.text!);

    // Only a hash of the token is stored.
    const stored = await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);
    expect(stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()).toBeLessThanOrEqual(
      30 * 60_000 + 1000,
    );

    expect((await t.resetPassword(token, 'a brand new password')).statusCode).toBe(200);
    // The old password no longer works, the new one does, and every earlier session has ended.
    const oldLogin = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: testPassword },
    });
    expect(oldLogin.statusCode).toBe(401);
    await t.login(user.email, 'a brand new password');
    const oldMe = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${oldSession.token}` },
    });
    expect(oldMe.statusCode).toBe(401);

    // Single use.
    const again = await t.resetPassword(token, 'yet another password');
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('TOKEN_INVALID');

    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(trail.map((row) => row.action)).toContain('password.reset');
  });

  it('texts the link to the phone number typed any usual way, in French by default', async () => {
    const user = await t.createUser({ phone: '+15145550199' });
    expect((await forgot({ phone: '(514) 555-0199' })).statusCode).toBe(202);
    await deliverDueMessages(t.db, deliverers);
    const texts = (await outboxFiles('sms')).map((file) => JSON.parse(file));
    const sms = texts.find((m) => m.to === '+15145550199');
    expect(sms.body).toMatch(/^Brigade : pour choisir un nouveau mot de passe/);
    expect(sms.at).toBeTruthy();
    expect((await t.resetPassword(linkToken(sms.body), 'from my phone 123')).statusCode).toBe(200);
    await t.login(user.email, 'from my phone 123');
  });

  it('spends the user’s other reset, invitation and magic links, and only theirs', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const first = await issueToken(t.db, { userId: user.id, purpose: 'password_reset' });
    const second = await issueToken(t.db, { userId: user.id, purpose: 'password_reset' });
    const invitation = await issueToken(t.db, { userId: user.id, purpose: 'invitation' });
    const magic = await issueMagicLink(t, user.id, { kind: 'timesheet', id: 'ts-7' });
    const othersLink = await issueToken(t.db, { userId: other.id, purpose: 'password_reset' });

    expect((await t.resetPassword(second, 'the newest password')).statusCode).toBe(200);
    for (const spent of [first, invitation]) {
      const response = await t.resetPassword(spent, 'an older link password');
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('TOKEN_INVALID');
    }
    const magicLogin = await t.exchangeMagicLink(magic);
    expect(magicLogin.statusCode).toBe(401);
    await t.login(user.email, 'the newest password');
    // Another user's link is untouched.
    expect((await t.resetPassword(othersLink, 'the other user password')).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const user = await t.createUser();
    const token = await issueToken(t.db, { userId: user.id, purpose: 'password_reset', minutes: -1 });
    const response = await t.resetPassword(token, 'too late password');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('TOKEN_INVALID');
  });

  it('refuses a magic-link token used as a reset token, and a missing token', async () => {
    const user = await t.createUser();
    const magic = await issueToken(t.db, {
      userId: user.id,
      purpose: 'magic_link',
      scope: { kind: 'timesheet' },
    });
    expect((await t.resetPassword(magic, 'some new password')).statusCode).toBe(401);
    const none = await app.inject({
      method: 'PUT',
      url: '/api/forgot-password',
      payload: { password: 'abcdefghij' },
    });
    expect(none.statusCode).toBe(401);
  });

  it('enforces the password length', async () => {
    const user = await t.createUser();
    const token = await issueToken(t.db, { userId: user.id, purpose: 'password_reset' });
    expect((await t.resetPassword(token, 'short')).statusCode).toBe(400);
    expect((await t.resetPassword(token, 'x'.repeat(129))).statusCode).toBe(400);
    // The failed attempts did not spend the token.
    expect((await t.resetPassword(token, 'x'.repeat(128))).statusCode).toBe(200);
  });

  it('takes the e-mail or the phone in one field: the link goes by e-mail to an e-mail, by SMS to a phone', async () => {
    const user = await t.createUser({ email: 'both@example.test', phone: '+15145550233' });
    expect((await forgot({ phone: '514-555-0233' })).statusCode).toBe(202);
    expect((await forgot({ email: 'Both@example.test' })).statusCode).toBe(202);
    const sent = await t.db
      .select({ channel: outbox.channel, recipient: outbox.recipient })
      .from(outbox)
      .where(inArray(outbox.recipient, [user.email, '+15145550233']));
    expect(sent).toEqual(
      expect.arrayContaining([
        { channel: 'sms', recipient: '+15145550233' },
        { channel: 'email', recipient: 'both@example.test' },
      ]),
    );
    expect(sent).toHaveLength(2);
  });

  it('still takes the channel older clients send, and goes by what the field holds', async () => {
    await t.createUser({ phone: '+15145550244' });
    expect((await forgot({ channel: 'sms', phone: '514 555-0244' })).statusCode).toBe(202);
    const sent = await t.db.select().from(outbox).where(eq(outbox.recipient, '+15145550244'));
    expect(sent.map((m) => m.channel)).toEqual(['sms']);
  });

  it('wants the e-mail or the phone, not both nor neither', async () => {
    for (const payload of [{}, { email: 'a@example.test', phone: '514 555-0255' }] as const) {
      const response = await forgot(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().details.fields[0].path).toBe('email');
    }
  });

  it('rejects a phone number that is not one', async () => {
    const response = await forgot({ phone: '12' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fields[0].path).toBe('phone');
  });
});
