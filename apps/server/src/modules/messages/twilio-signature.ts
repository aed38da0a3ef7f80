import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's request signature: HMAC-SHA1, keyed with the account's auth token, of the URL Twilio
 * called followed by each POST parameter's name and value, sorted by name; base64.
 * https://www.twilio.com/docs/usage/security#validating-requests
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, key) => text + key + params[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/** Compares in constant time; false for a missing header or token. */
export function isValidTwilioSignature(
  authToken: string | undefined,
  signature: string | undefined,
  url: string,
  params: Record<string, string>,
): boolean {
  if (!authToken || !signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The key inbound webhooks are checked with: Twilio's auth token with SMS_DRIVER=twilio. With the
 * outbox driver (no provider), a key derived from the session secret, so that `npm run
 * sms:receive` can post an SMS the way Twilio would, through the same route and the same check.
 */
export function webhookSigningKey(
  config: { SMS_DRIVER: 'outbox' | 'twilio'; TWILIO_AUTH_TOKEN?: string },
  jwtSecret: string,
): string | undefined {
  if (config.SMS_DRIVER === 'twilio') return config.TWILIO_AUTH_TOKEN;
  return createHmac('sha256', jwtSecret).update('brigade-sms-webhook').digest('base64url');
}
