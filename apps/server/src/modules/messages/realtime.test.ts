import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { resourcesOf } from '../../../test/changes.ts';
import { sessions } from '../../db/schema/index.ts';
import { twilioSignature } from './twilio-signature.ts';

/** socket.io on the app's own port: who may listen, and what they hear. */
const t = await buildTestApp();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
const sockets: Socket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.close();
});

function connect(token?: string): Socket {
  const socket = io(origin, { path: '/socket.io', auth: token ? { token } : {}, transports: ['websocket'] });
  sockets.push(socket);
  return socket;
}
const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
const refusal = (socket: Socket) =>
  new Promise<string>((resolve) => socket.once('connect_error', (error) => resolve(error.message)));
const nextEvent = <T>(socket: Socket, event: string) =>
  new Promise<T>((resolve) => socket.once(event, (payload: T) => resolve(payload)));

/** An inbound SMS through the webhook, signed as `npm run sms:receive` signs it. */
async function receive(from: string, body: string) {
  const path = '/api/webhooks/twilio/sms';
  const params = { MessageSid: `SM${Math.random().toString(36).slice(2)}`, From: from, Body: body };
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(t.app.deps.webhookKey!, `${t.config.PUBLIC_URL}${path}`, params),
    },
    body: new URLSearchParams(params),
  });
  expect(response.status).toBe(204);
}

describe('real-time messages', () => {
  it('tells every admin’s socket what the writes changed (issue 29): those of one moment in one event', async () => {
    const admin = await t.signedIn('admin');
    const socket = connect(admin.token);
    await connected(socket);
    const event = nextEvent<{ resources: string[] }>(socket, 'changed');
    const call = t.callAs(admin.headers);
    expect((await call('POST', '/clients', { name: 'Socket et fils' })).statusCode).toBe(201);
    expect((await call('POST', '/skills', { nameFr: 'Soudure', nameEn: 'Welding' })).statusCode).toBe(201);
    // What the tab that made each write refreshes (the web's changedBy), every admin's tab refreshes.
    expect(await event).toEqual({ resources: resourcesOf('POST /clients', 'POST /skills') });
  });

  it('tells a signed-in admin of an inbound SMS at once: the conversation, its type and the message', async () => {
    const admin = await t.signedIn('admin');
    const socket = connect(admin.token);
    await connected(socket);
    const worker = await t.createEmployee({ passwordHash: null, phone: '+15145558101' });
    const event = nextEvent<{
      type: string;
      conversation: { unseenCount: number; contact: { userId: string } };
      message: { body: string; direction: string };
    }>(socket, 'new_message');
    await receive('514 555-8101', 'Je serai là à 7 h');
    expect(await event).toMatchObject({
      type: 'General',
      conversation: { unseenCount: 1, contact: { userId: worker.id } },
      message: { body: 'Je serai là à 7 h', direction: 'in' },
    });
  });

  it('refuses a socket without a session, or of an employee, a supervisor or a magic link', async () => {
    expect(await refusal(connect())).toBe('UNAUTHORIZED');
    expect(await refusal(connect('not-a-token'))).toBe('UNAUTHORIZED');
    expect(await refusal(connect((await t.signedIn('employee')).token))).toBe('FORBIDDEN');
    expect(await refusal(connect((await t.signedIn('supervisor')).token))).toBe('FORBIDDEN');
  });

  it('closes the socket when its session expires, as at logout (issue 27)', async () => {
    const admin = await t.signedIn('admin');
    // The session ends in a second and a half: the socket connects, then is closed at that moment.
    const endsAt = new Date(Date.now() + 1_500);
    await t.db.update(sessions).set({ expiresAt: endsAt }).where(eq(sessions.userId, admin.user.id));
    const socket = connect(admin.token);
    await connected(socket);
    const closed = new Promise<number>((resolve) => socket.once('disconnect', () => resolve(Date.now())));
    expect(await closed).toBeGreaterThanOrEqual(endsAt.getTime() - 50);
  });

  it('closes the socket when its session ends (logout)', async () => {
    const admin = await t.signedIn('admin');
    const socket = connect(admin.token);
    await connected(socket);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const logout = await t.app.inject({ method: 'GET', url: '/api/logout', headers: admin.headers });
    expect(logout.statusCode).toBe(204);
    expect(await closed).toBe('io server disconnect');
  });
});
