import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildTestApp, fakeWebDist } from '../../test/app.ts';

const web = fakeWebDist();
const { app } = await buildTestApp({ WEB_DIST: web });
const bare = await buildTestApp({ WEB_DIST: path.join(web, 'nowhere') });
const get = (url: string, method: 'GET' | 'HEAD' | 'POST' = 'GET') => app.inject({ method, url });

const expectWebApp = async (url: string, method: 'GET' | 'HEAD' = 'GET') => {
  const response = await get(url, method);
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type'], url).toContain('text/html');
  expect(response.headers['cache-control'], url).toBe('no-cache');
  if (method === 'GET') expect(response.body, url).toContain('<title>Brigade</title>');
};
const expectJsonNotFound = async (url: string, method: 'GET' | 'POST' = 'GET') => {
  const response = await get(url, method);
  expect(response.statusCode, url).toBe(404);
  expect(response.json(), url).toMatchObject({ code: 'NOT_FOUND' });
};

describe('serving the web app', () => {
  it('serves index.html at the root, which the client router sends to the home page', async () => {
    await expectWebApp('/');
    await expectWebApp('/', 'HEAD');
    await expectWebApp('/?utm_source=sms');
  });

  it('serves index.html for any page path, dots and /api-like names included', async () => {
    for (const url of [
      '/employees/jean.tremblay',
      '/clients/edit/123',
      '/apiary',
      '/api-keys',
      '/assets',
      '/change-password/abc.def',
      '/search?q=a.js',
    ]) {
      await expectWebApp(url);
    }
  });

  it('answers missing build files and every unknown API path with a JSON 404', async () => {
    for (const url of [
      '/assets/missing.js',
      '/assets/',
      '/assets/i18n/de.json',
      '/robots.txt',
      '/logo.png',
    ]) {
      await expectJsonNotFound(url);
    }
    for (const url of ['/api', '/api/', '/api/nope', '/api/nope/x.y']) await expectJsonNotFound(url);
    await expectJsonNotFound('/clients', 'POST');
  });

  it('serves the build files that exist', async () => {
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    expect((await get('/assets/index-AbCdEf12.js')).headers['cache-control']).toContain('immutable');
    const i18n = await get('/assets/i18n/fr.json');
    expect(i18n.statusCode).toBe(200);
    expect(i18n.json()).toEqual({ hello: 'Bonjour' });
    expect(i18n.headers['cache-control']).toBe('no-cache');
  });
});

describe('compressed answers', () => {
  const fetchWith = (url: string, acceptEncoding: string) =>
    app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });

  it('sends the brotli file written at build time when the browser accepts it', async () => {
    const response = await fetchWith('/assets/index-AbCdEf12.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary?.toLowerCase()).toContain('accept-encoding');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe('console.log(1)');
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gzipped = await fetchWith('/assets/i18n/fr.json', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual({ hello: 'Bonjour' });
    const plain = await fetchWith('/assets/i18n/fr.json', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual({ hello: 'Bonjour' });
  });

  it('compresses the pages the client router serves (index.html) too', async () => {
    const response = await fetchWith('/employees', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<title>Brigade</title>');
  });
});

describe('without a built web app', () => {
  it('answers pages with a JSON 404 too', async () => {
    const response = await bare.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});
