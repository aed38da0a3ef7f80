import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { messages, smsOptOuts } from '../../db/schema/index.ts';
import { createDeliverers, deliverDueMessages } from '../outbox/index.ts';
import { followSmsDelivery } from './delivery.ts';

/**
 * Twilio for real (SMS_DRIVER=twilio) against a local fake of its REST API, and its webhooks
 * signed the way Twilio signs them (with Twilio's own library).
 */
const authToken = 'twilio-auth-token-for-tests';
const accountSid = 'AC00000000000000000000000000000000';
const sentToTwilio: Record<string, string>[] = [];
let nextAnswer: { status: number; body: unknown } | null = null;
const fakeTwilio = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    const form = Object.fromEntries(new URLSearchParams(body));
    const authorized =
      request.url === `/2010-04-01/Accounts/${accountSid}/Messages.json` &&
      request.headers.authorization ===
        `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    const answer = nextAnswer ?? {
      status: 201,
      body: { sid: `SM${String(sentToTwilio.length + 1).padStart(32, '0')}` },
    };
    nextAnswer = null;
    if (authorized && answer.status < 300) sentToTwilio.push(form);
    response.writeHead(authorized ? answer.status : 401, { 'content-type': 'application/json' });
    response.end(JSON.stringify(authorized ? answer.body : { code: 20003, message: 'Authenticate' }));
  });
});
await new Promise<void>((resolve) => fakeTwilio.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise((resolve) => fakeTwilio.close(resolve)));

const t = await buildTestApp({
  SMS_DRIVER: 'twilio',
  TWILIO_ACCOUNT_SID: accountSid,
  TWILIO_AUTH_TOKEN: authToken,
  TWILIO_FROM: '+15145550000',
  TWILIO_API_BASE: `http://127.0.0.1:${(fakeTwilio.address() as AddressInfo).port}`,
});
const { app } = t;
const admin = await t.signedIn('admin');
const publicUrl = t.config.PUBLIC_URL;

/** Posts a webhook as Twilio does: a form, signed over the public URL and its parameters. */
function postWebhook(path: string, params: Record<string, string>, signature?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/webhooks/twilio/${path}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature':
        signature ??
        twilio.getExpectedTwilioSignature(authToken, `${publicUrl}/api/webhooks/twilio/${path}`, params),
    },
    payload: new URLSearchParams(params).toString(),
  });
}
const deliver = () =>
  deliverDueMessages(t.db, createDeliverers(t.config), {
    smsPerSecond: 1_000_000,
    onOutcome: followSmsDelivery(t.app.deps.realtime),
  });
const inbound = (from: string, body: string, sid: string) => ({
  MessageSid: sid,
  AccountSid: accountSid,
  From: from,
  To: '+15145550000',
  Body: body,
  NumMedia: '0',
});

describe('Twilio', () => {
  it('sends through its REST API and records its id; its delivery report, signed, marks the message delivered', async () => {
    const person = await t.createEmployee({ passwordHash: null, phone: '+15145557001', language: 'fr' });
    const sent = await app.inject({
      method: 'POST',
      url: '/api/send/sms',
      headers: admin.headers,
      payload: { messages: { type: 'General', recipients: { userIds: [person.id] }, texts: { fr: 'Allô' } } },
    });
    const id = sent.json().created[0].id;
    await deliver();
    expect(sentToTwilio.at(-1)).toMatchObject({
      To: '+15145557001',
      From: '+15145550000',
      Body: 'Allô',
      StatusCallback: `${publicUrl}/api/webhooks/twilio/status`,
    });
    const [row] = await t.db.select().from(messages).where(eq(messages.id, id));
    expect(row).toMatchObject({ status: 'sent', providerId: expect.stringMatching(/^SM/) });

    const report = { MessageSid: row!.providerId!, MessageStatus: 'delivered', AccountSid: accountSid };
    expect((await postWebhook('status', report)).statusCode).toBe(204);
    const [delivered] = await t.db.select().from(messages).where(eq(messages.id, id));
    expect(delivered).toMatchObject({ status: 'delivered', deliveredAt: expect.any(Date) });
    // Replayed, or a late "sent": nothing moves back.
    expect((await postWebhook('status', report)).statusCode).toBe(204);
    expect((await postWebhook('status', { ...report, MessageStatus: 'sent' })).statusCode).toBe(204);
    const [still] = await t.db.select().from(messages).where(eq(messages.id, id));
    expect(still).toMatchObject({ status: 'delivered', deliveredAt: delivered!.deliveredAt });
  });

  it('shows Twilio’s refusal and its undelivered report with the reason', async () => {
    const person = await t.createEmployee({ passwordHash: null, phone: '+15145557002' });
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/send/sms',
        headers: admin.headers,
        payload: {
          messages: { type: 'General', recipients: { userIds: [person.id] }, texts: { fr: 'Allô' } },
        },
      });
    const refused = (await send()).json().created[0].id;
    nextAnswer = {
      status: 400,
      body: { code: 21211, message: "The 'To' number +15145557002 is not valid." },
    };
    await deliver();
    const [retrying] = await t.db.select().from(messages).where(eq(messages.id, refused));
    expect(retrying).toMatchObject({
      status: 'queued',
      error: "21211: The 'To' number +15145557002 is not valid.",
    });

    const undelivered = (await send()).json().created[0].id;
    await deliver();
    const [row] = await t.db.select().from(messages).where(eq(messages.id, undelivered));
    await postWebhook('status', {
      MessageSid: row!.providerId!,
      MessageStatus: 'undelivered',
      ErrorCode: '30003',
    });
    const [failed] = await t.db.select().from(messages).where(eq(messages.id, undelivered));
    expect(failed).toMatchObject({ status: 'failed', error: '30003: Unreachable destination handset' });
  });

  it('stores an inbound SMS once, however often Twilio posts it', async () => {
    const params = inbound('+15145557003', 'Oui merci', 'SMinbound0000000000000000000000001');
    expect((await postWebhook('sms', params)).statusCode).toBe(204);
    expect((await postWebhook('sms', params)).statusCode).toBe(204);
    const rows = await t.db.select().from(messages).where(eq(messages.providerId, params.MessageSid));
    expect(rows).toEqual([
      expect.objectContaining({ direction: 'in', body: 'Oui merci', phone: '+15145557003' }),
    ]);
  });

  it('refuses a webhook with a bad or missing signature (403) and stores nothing', async () => {
    const params = inbound('+15145557004', 'STOP', 'SMinbound0000000000000000000000002');
    const forged = twilio.getExpectedTwilioSignature(
      'another-token',
      `${publicUrl}/api/webhooks/twilio/sms`,
      params,
    );
    // Signed, then changed on the way: the signature no longer matches.
    const tampered = twilio.getExpectedTwilioSignature(authToken, `${publicUrl}/api/webhooks/twilio/sms`, {
      ...params,
      Body: 'Bonjour',
    });
    for (const signature of [forged, tampered, '']) {
      const response = await postWebhook('sms', params, signature);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    expect(await t.db.select().from(messages).where(eq(messages.providerId, params.MessageSid))).toEqual([]);
    expect(await t.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, '+15145557004'))).toEqual([]);
  });
});
