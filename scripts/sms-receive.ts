/**
 * Delivers an inbound SMS to a running server as Twilio would: a signed form posted to its
 * webhook, so the whole flow (conversation, unread badge, opt-out words, live event) can be tried
 * without a provider.
 *
 *   npm run sms:receive -- "+15145550102" "Oui merci"
 *   npm run sms:receive -- "+15145550102" "STOP" --url http://localhost:3001
 *
 * It reads the server's settings (PUBLIC_URL, DATA_DIR or JWT_SECRET, SMS_DRIVER) from the same
 * environment, so run it where the server runs.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config.ts';
import { jwtSecretOf } from '../apps/server/src/lib/secrets.ts';
import { twilioSignature, webhookSigningKey } from '../apps/server/src/modules/messages/index.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { url: { type: 'string' } },
});
const [from, body] = positionals;
if (!from || body === undefined) {
  console.error('usage: npm run sms:receive -- "<from phone>" "<text>" [--url http://localhost:3000]');
  process.exit(2);
}
const config = loadConfig();
const key = webhookSigningKey(config, jwtSecretOf(config));
if (!key) {
  console.error('SMS_DRIVER=twilio needs TWILIO_AUTH_TOKEN to sign the webhook');
  process.exit(2);
}
const path = '/api/webhooks/twilio/sms';
const params = {
  MessageSid: `SMlocal${randomUUID().replaceAll('-', '')}`,
  From: from,
  To: config.TWILIO_FROM ?? 'brigade',
  Body: body,
};
const target = new URL(path, values.url ?? `http://127.0.0.1:${config.PORT}`);
const response = await fetch(target, {
  method: 'POST',
  headers: {
    'content-type': 'application/x-www-form-urlencoded',
    // Twilio signs the address it was given: PUBLIC_URL's, whichever process answers.
    'x-twilio-signature': twilioSignature(key, new URL(path, config.PUBLIC_URL).href, params),
  },
  body: new URLSearchParams(params),
});
if (!response.ok) {
  console.error(`${target.href} answered ${response.status}: ${await response.text()}`);
  process.exit(1);
}
console.log(`SMS from ${from} delivered (${params.MessageSid})`);
