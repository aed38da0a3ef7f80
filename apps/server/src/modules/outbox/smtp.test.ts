import { readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { outbox } from '../../db/schema/index.ts';
import { createDeliverers } from './drivers.ts';
import { deliverDueMessages, enqueueMessage } from './service.ts';

/** A real SMTP server on a free local port: it keeps what it receives and refuses one address. */
const received: { envelopeFrom: string; envelopeTo: string[]; user: string | undefined; mail: ParsedMail }[] =
  [];
const smtp = new SMTPServer({
  secure: false,
  disabledCommands: ['STARTTLS'],
  // Plain-text AUTH is fine on the loopback interface of a test.
  allowInsecureAuth: true,
  onAuth(auth, _session, callback) {
    if (auth.username === 'brigade' && auth.password === 's3cret') callback(null, { user: auth.username });
    else callback(new Error('Invalid username or password'));
  },
  onRcptTo(address, _session, callback) {
    if (address.address.startsWith('refused@')) callback(new Error('550 No such mailbox'));
    else callback();
  },
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((to) => to.address),
          user: session.user as string | undefined,
          mail,
        });
        callback();
      })
      .catch(callback);
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const { port } = smtp.server.address() as AddressInfo;
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const t = await buildTestApp({
  SMTP_URL: `smtp://brigade:s3cret@127.0.0.1:${port}`,
  MAIL_FROM: 'Brigade <no-reply@brigade.example>',
});
const deliverers = createDeliverers(t.config);

const row = async (key: string) =>
  (await t.db.select().from(outbox).where(eq(outbox.idempotencyKey, key)))[0]!;

describe('the SMTP mail driver (SMTP_URL)', () => {
  it('sends an outbox e-mail through the SMTP server, authenticated, with its language', async () => {
    await enqueueMessage(t.db, {
      channel: 'email',
      recipient: 'chantal.roy@example.test',
      subject: 'Réinitialisation du mot de passe',
      body: 'Bonjour Chantal,\nVoici votre lien : https://brigade.example/change-password/abc',
      language: 'fr',
      idempotencyKey: 'smtp-ok',
    });
    await deliverDueMessages(t.db, deliverers);

    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(delivery!.user).toBe('brigade');
    expect(delivery!.envelopeFrom).toBe('no-reply@brigade.example');
    expect(delivery!.envelopeTo).toEqual(['chantal.roy@example.test']);
    expect(delivery!.mail.subject).toBe('Réinitialisation du mot de passe');
    expect(delivery!.mail.text).toContain('Voici votre lien : https://brigade.example/change-password/abc');
    expect(delivery!.mail.headers.get('content-language')).toBe('fr');

    const sent = await row('smtp-ok');
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
    expect(sent.providerId).toBe(delivery!.mail.messageId);
    // With SMTP_URL the outbox folder is not written.
    expect(() => readdirSync(path.join(t.config.DATA_DIR, 'outbox', 'mail'))).toThrow();
  });

  it('keeps a message the SMTP server refuses, to retry it later', async () => {
    await enqueueMessage(t.db, {
      channel: 'email',
      recipient: 'refused@example.test',
      subject: 'Bienvenue',
      body: 'Bonjour',
      language: 'fr',
      idempotencyKey: 'smtp-refused',
    });
    await deliverDueMessages(t.db, deliverers);
    const state = await row('smtp-refused');
    expect(state).toMatchObject({ status: 'pending', attempts: 1 });
    expect(state.lastError).toMatch(/No such mailbox/);
    expect(received.map((delivery) => delivery.envelopeTo)).not.toContainEqual(['refused@example.test']);
  });
});
