import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { outbox } from '../../db/schema/index.ts';
import { createDeliverers, type Deliverers } from './drivers.ts';
import { deliverDueMessages, enqueueMessage, interruptedError, maxAttempts } from './service.ts';

const t = await buildTestApp();
/** No rate limit in the way, but for the test of the rate itself. */
const unthrottled = { smsPerSecond: 1_000_000 };

const message = (key: string) => ({
  channel: 'sms' as const,
  recipient: '+15145550000',
  body: 'Bonjour',
  language: 'fr' as const,
  idempotencyKey: key,
});

const makeDue = (key: string) =>
  t.db
    .update(outbox)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where(eq(outbox.idempotencyKey, key));
async function until(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
const row = async (key: string) =>
  (await t.db.select().from(outbox).where(eq(outbox.idempotencyKey, key)))[0]!;

describe('outbox', () => {
  it('enqueues a message once per idempotency key', async () => {
    await enqueueMessage(t.db, message('once'));
    await enqueueMessage(t.db, message('once'));
    expect(await t.db.select().from(outbox).where(eq(outbox.idempotencyKey, 'once'))).toHaveLength(1);
  });

  it('writes nothing when the transaction that caused it rolls back', async () => {
    await t.db
      .transaction(async (tx) => {
        await enqueueMessage(tx, message('rolled-back'));
        throw new Error('business rule failed');
      })
      .catch(() => {});
    expect(await t.db.select().from(outbox).where(eq(outbox.idempotencyKey, 'rolled-back'))).toHaveLength(0);
  });

  it('retries a failing delivery later, then gives up after the last attempt', async () => {
    await enqueueMessage(t.db, message('flaky'));
    const sent: string[] = [];
    let failures = 0;
    const failing: Deliverers = {
      email: async () => undefined,
      sms: async (m) => {
        if (m.idempotencyKey !== 'flaky') {
          sent.push(m.idempotencyKey);
          return undefined;
        }
        failures++;
        throw new Error('provider down');
      },
    };
    await deliverDueMessages(t.db, failing, unthrottled);
    let state = await row('flaky');
    expect(state).toMatchObject({ status: 'pending', attempts: 1, lastError: 'provider down' });
    expect(state.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Not due yet: nothing happens.
    await deliverDueMessages(t.db, failing, unthrottled);
    expect(failures).toBe(1);

    for (let attempt = 2; attempt <= maxAttempts; attempt++) {
      await makeDue('flaky');
      await deliverDueMessages(t.db, failing, unthrottled);
    }
    state = await row('flaky');
    expect(state).toMatchObject({ status: 'failed', attempts: maxAttempts });
    expect(failures).toBe(maxAttempts);
  });

  it('marks delivered messages sent with their provider id', async () => {
    await enqueueMessage(t.db, message('good'));
    await deliverDueMessages(t.db, { email: async () => undefined, sms: async () => 'SM123' }, unthrottled);
    expect(await row('good')).toMatchObject({ status: 'sent', providerId: 'SM123', attempts: 1 });
  });

  it('writes each message whole into the outbox folder: e-mails as .eml, SMS as .json', async () => {
    await enqueueMessage(t.db, message('sms-file'));
    await enqueueMessage(t.db, {
      ...message('mail-file'),
      channel: 'email',
      recipient: 'chantal@example.test',
      subject: 'Votre lien',
    });
    await deliverDueMessages(t.db, createDeliverers(t.config), unthrottled);

    // No hidden partial file is left behind: only finished messages are in the folders.
    const outboxDir = path.join(t.config.DATA_DIR, 'outbox');
    const [sms] = await readdir(path.join(outboxDir, 'sms'));
    expect(await readdir(path.join(outboxDir, 'sms'))).toEqual([expect.stringMatching(/\.json$/)]);
    expect(JSON.parse(await readFile(path.join(outboxDir, 'sms', sms!), 'utf8'))).toMatchObject({
      to: '+15145550000',
      body: 'Bonjour',
      at: expect.any(String),
    });
    const [mail] = await readdir(path.join(outboxDir, 'mail'));
    expect(await readdir(path.join(outboxDir, 'mail'))).toEqual([expect.stringMatching(/\.eml$/)]);
    expect(await readFile(path.join(outboxDir, 'mail', mail!), 'utf8')).toContain('Subject: Votre lien');
  });

  it('sends SMS no faster than the provider’s rate, across workers', async () => {
    const sent: string[] = [];
    const recording: Deliverers = {
      email: async () => undefined,
      sms: async (m) => {
        sent.push(m.idempotencyKey);
        return undefined;
      },
    };
    await enqueueMessage(t.db, message('rate-1'));
    await enqueueMessage(t.db, message('rate-2'));
    // Workers polling every 200 ms: a call does not wait a second for the next slot.
    const oneASecond = { smsPerSecond: 1, smsSender: 'rate-test', pollMs: 200 };
    await deliverDueMessages(t.db, recording, oneASecond);
    // Another worker (or process) right after: the sender's next slot is a second away.
    await deliverDueMessages(t.db, recording, oneASecond);
    expect(sent).toEqual(['rate-1']);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await deliverDueMessages(t.db, recording, oneASecond);
    expect(sent).toEqual(['rate-1', 'rate-2']);
  });

  it('never sends twice a message whose worker died while sending: it is marked failed instead', async () => {
    await enqueueMessage(t.db, message('interrupted'));
    // A worker claimed it (sending) and died: its lease ran out.
    await t.db
      .update(outbox)
      .set({ status: 'sending', attempts: 1, nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outbox.idempotencyKey, 'interrupted'));
    const sent: string[] = [];
    const outcomes: unknown[] = [];
    await deliverDueMessages(
      t.db,
      {
        email: async () => undefined,
        sms: async (m) => {
          sent.push(m.idempotencyKey);
          return undefined;
        },
      },
      { ...unthrottled, onOutcome: async (_db, _row, outcome) => void outcomes.push(outcome) },
    );
    expect(sent).not.toContain('interrupted');
    expect(await row('interrupted')).toMatchObject({ status: 'failed', lastError: interruptedError });
    expect(outcomes).toContainEqual({ kind: 'failed', error: interruptedError, final: true });
  });

  it('claims one message at a time: a worker killed mid-batch leaves only the one in flight uncertain', async () => {
    const keys = Array.from({ length: 30 }, (_, index) => `batch-${index}`);
    for (const key of keys) await enqueueMessage(t.db, message(key));
    const calls: string[] = [];
    // The provider never answers the 3rd message: the worker is stuck there, as if killed (kill -9).
    const hanging: Deliverers = {
      email: async () => undefined,
      sms: (m) => {
        calls.push(m.idempotencyKey);
        return calls.length === 3 ? new Promise<never>(() => {}) : Promise.resolve(undefined);
      },
    };
    void deliverDueMessages(t.db, hanging, unthrottled);
    await until(() => calls.length === 3);
    const statuses = async () => {
      const rows = await t.db.select().from(outbox).where(inArray(outbox.idempotencyKey, keys));
      return Object.fromEntries(rows.map((r) => [r.idempotencyKey, r]));
    };
    let state = await statuses();
    const inFlight = calls[2]!;
    expect(Object.values(state).filter((r) => r.status === 'sending')).toEqual([
      expect.objectContaining({ idempotencyKey: inFlight }),
    ]);
    expect(Object.values(state).filter((r) => r.status === 'sent')).toHaveLength(2);
    const waiting = Object.values(state).filter((r) => r.status === 'pending');
    expect(waiting).toHaveLength(27);
    expect(waiting.every((r) => r.attempts === 0)).toBe(true);

    // A new worker on the same database, once the dead one's lease has run out.
    await t.db
      .update(outbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(and(eq(outbox.status, 'sending'), inArray(outbox.idempotencyKey, keys)));
    const after: string[] = [];
    await deliverDueMessages(
      t.db,
      {
        email: async () => undefined,
        sms: async (m) => {
          after.push(m.idempotencyKey);
          return undefined;
        },
      },
      unthrottled,
    );
    state = await statuses();
    expect(state[inFlight]).toMatchObject({ status: 'failed', lastError: interruptedError });
    expect(Object.values(state).filter((r) => r.status === 'failed')).toHaveLength(1);
    expect(after.toSorted()).toEqual(keys.filter((key) => !calls.includes(key)).toSorted());
    expect(Object.values(state).filter((r) => r.status === 'sent')).toHaveLength(29);
  });

  it('honours a rate above 20 a second: 50 a second sends 50 within about one poll', async () => {
    const keys = Array.from({ length: 50 }, (_, index) => `fifty-${index}`);
    for (const key of keys) await enqueueMessage(t.db, message(key));
    const sent: string[] = [];
    const recording: Deliverers = {
      email: async () => undefined,
      sms: async (m) => {
        sent.push(m.idempotencyKey);
        return undefined;
      },
    };
    const fiftyASecond = { smsPerSecond: 50, smsSender: 'fifty-test', pollMs: 1000 };
    const started = Date.now();
    await deliverDueMessages(t.db, recording, fiftyASecond);
    // One poll: far more than the 20 a poll once took, and no faster than 50 a second.
    expect(sent.length).toBeGreaterThan(40);
    expect(Date.now() - started).toBeGreaterThanOrEqual((sent.length - 1) * 20 - 50);
    await deliverDueMessages(t.db, recording, fiftyASecond);
    expect(sent.toSorted()).toEqual(keys.toSorted());
  });
});
