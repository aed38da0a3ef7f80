import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, fakeWebDist } from '../test/app.ts';

const t = await buildTestApp({ WEB_DIST: fakeWebDist() });
const { app } = t;
let admin: Record<string, string>;
let port: number;

beforeAll(async () => {
  admin = (await t.signedIn('admin')).headers;
  // Node's HTTP parser is only in the way of a real connection: inject never meets it.
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
});

/** Sends `head` as written on a connection of its own and reads the whole answer. */
function rawRequest(head: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    // The server may close the connection before it has read everything sent: the answer is there.
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? undefined : reject(error),
    );
    socket.on('close', () => {
      const [headers = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(headers.split(' ')[1]), headers: headers.toLowerCase(), body });
    });
  });
}

describe('Cache-Control: no-store', () => {
  it('is on every API answer: data, the sign-in with its token, errors and 401s', async () => {
    const user = await t.createUser();
    const answers = [
      await app.inject({ method: 'GET', url: '/api/health' }),
      await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: 'correct horse battery' },
      }),
      await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: 'wrong password' },
      }),
      await app.inject({ method: 'GET', url: '/api/clients', headers: admin }),
      await app.inject({ method: 'GET', url: '/api/clients?sort=nope', headers: admin }),
      await app.inject({ method: 'GET', url: '/api/clients' }),
      await app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      await app.inject({ method: 'GET', url: '/api/docs/json' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 401, 200, 400, 401, 404, 200]);
    for (const answer of answers)
      expect(answer.headers['cache-control'], answer.raw.req.url).toBe('no-store');
  });

  it('is not on the web app’s files, which keep their own caching', async () => {
    const page = await app.inject({ method: 'GET', url: '/login' });
    const bundle = await app.inject({ method: 'GET', url: '/assets/index-AbCdEf12.js' });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(bundle.headers['cache-control']).toContain('immutable');
  });
});

describe('an overlong address', () => {
  it('with a 5,000-character id is refused by the route, in the app’s format', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/clients/${'a'.repeat(5000)}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: [{ path: 'id' }] },
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('over 8 KiB is a 414 in the app’s format, whichever route it names', async () => {
    for (const url of [
      `/api/clients/${'a'.repeat(9000)}`,
      `/api/users/me?x=${'a'.repeat(9000)}`,
      `/${'a'.repeat(9000)}`,
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: admin });
      expect(response.statusCode).toBe(414);
      expect(response.json()).toEqual({ code: 'URI_TOO_LONG', message: expect.any(String) });
    }
  });

  it('with a malformed escape is a 400 in the app’s format', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/clients/%E0%A4%A', headers: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: expect.any(String) });
  });

  it.each([
    ['a 20,000-character query string', `/api/clients?q=${'a'.repeat(20_000)}`],
    ['a 100 KB address', `/api/clients?filter=${'b'.repeat(100 * 1024)}`],
    ['a 100 KB web page address', `/${'c'.repeat(100 * 1024)}`],
  ])('with %s is a 414 in the app’s format, over a real connection', async (_, url) => {
    const answer = await rawRequest(`GET ${url} HTTP/1.1\r\nHost: localhost\r\n${bearer()}\r\n`);
    expect(answer.status).toBe(414);
    expect(JSON.parse(answer.body)).toEqual({ code: 'URI_TOO_LONG', message: expect.any(String) });
  });

  it('beyond what the server reads at all is a 431 in the app’s format, not Node’s', async () => {
    const answer = await rawRequest(
      `GET /api/clients?q=${'d'.repeat(200 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ code: 'HEADERS_TOO_LARGE', message: expect.any(String) });
    const headers = await rawRequest(
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'e'.repeat(200 * 1024)}\r\n\r\n`,
    );
    expect(headers.status).toBe(431);
    expect(JSON.parse(headers.body).code).toBe('HEADERS_TOO_LARGE');
  });

  it('leaves ordinary requests alone on that connection', async () => {
    const answer = await rawRequest(
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(answer.status).toBe(200);
  });
});

function bearer(): string {
  return `Authorization: ${admin.authorization}\r\nConnection: close\r\n`;
}
