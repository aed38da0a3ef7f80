import { readFileSync } from 'node:fs';
import path from 'node:path';
import { io } from 'socket.io-client';
import { twilioSignature, webhookSigningKey } from '../../apps/server/src/modules/messages/index.ts';

interface Target {
  baseURL: string;
  dataDir: string;
  auth: { authorization: string };
  token: string;
}

/**
 * An SMS posted to the webhook (signed as Twilio or `npm run sms:receive` signs it) until the event
 * reaches an admin's socket, `rounds` times: the times, sorted.
 */
export async function inboundToSocket(target: Target, rounds: number): Promise<number[]> {
  const jwtSecret = readFileSync(path.join(target.dataDir, 'jwt-secret'), 'utf8').trim();
  const key = webhookSigningKey({ SMS_DRIVER: 'outbox' }, jwtSecret) as string;
  const socket = io(target.baseURL, { auth: { token: target.token }, transports: ['websocket'] });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const times: number[] = [];
  try {
    for (let i = 0; i < rounds; i++) {
      const body = `Bench ${i} ${Date.now()}`;
      const arrived = new Promise<void>((resolve) => {
        const onMessage = (event: { message: { body: string } }) => {
          if (event.message.body !== body) return;
          socket.off('new_message', onMessage);
          resolve();
        };
        socket.on('new_message', onMessage);
      });
      const params = { MessageSid: `SMbench${Date.now()}${i}`, From: '+14385550142', Body: body };
      const route = '/api/webhooks/twilio/sms';
      const started = performance.now();
      const response = await fetch(`${target.baseURL}${route}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(key, `${target.baseURL}${route}`, params),
        },
        body: new URLSearchParams(params),
      });
      if (response.status !== 204) throw new Error(`webhook answered ${response.status}`);
      await arrived;
      times.push(performance.now() - started);
    }
  } finally {
    socket.close();
  }
  return times.sort((a, b) => a - b);
}

/** One message composed for `size` employees and queued (POST /send/sms): its time, and how many went. */
export async function batchToQueue(target: Target, size: number): Promise<{ ms: number; queued: number }> {
  const ids: string[] = [];
  for (let page = 1; ids.length < size; page++) {
    const response = await fetch(`${target.baseURL}/api/employees?pageSize=200&page=${page}`, {
      headers: target.auth,
    });
    const { items } = (await response.json()) as { items: { id: string; phone: string | null }[] };
    if (items.length === 0) break;
    ids.push(...items.filter((item) => item.phone).map((item) => item.id));
  }
  const started = performance.now();
  const response = await fetch(`${target.baseURL}/api/send/sms`, {
    method: 'POST',
    headers: { ...target.auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      messages: {
        type: 'General',
        recipients: { userIds: ids.slice(0, size) },
        texts: {
          fr: 'Chantier fermé demain à cause de la neige.',
          en: 'Site closed tomorrow because of the snow.',
        },
      },
    }),
  });
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`POST /send/sms: ${response.status} ${await response.text()}`);
  const { created } = (await response.json()) as { created: unknown[] };
  return { ms, queued: created.length };
}
