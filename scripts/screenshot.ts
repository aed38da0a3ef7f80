/**
 * `npm run screenshot` (after `npm run build`): the README's picture, docs/screenshot.png — the
 * office's employees list on a desktop beside an employee's page on a phone, taken from a fresh
 * demo company in Chromium.
 */
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { submitLogin } from '../e2e/login-form.ts';
import { startServer, testPassword } from '../e2e/server.ts';

const root = path.resolve(import.meta.dirname, '..');
const server = await startServer('screenshot');
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});

async function signedIn(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'fr-CA', timezoneId: 'America/Toronto' });
  const page = await context.newPage();
  await page.goto(`${server.baseURL}/login`);
  await submitLogin(page, 'admin@demo.brigade.test', testPassword);
  await page.waitForURL('**/overview');
  return page;
}

/**
 * A page once its data is on screen and nothing on it still moves: no toast (the greeting's
 * included), no list loader fading in or out.
 */
async function capture(page: Page, url: string, ready: string): Promise<string> {
  await page.goto(`${server.baseURL}${url}`);
  await page.locator(ready).first().waitFor();
  await page.waitForFunction(
    () =>
      !document.querySelector('.mantine-Notification-root') &&
      [...document.querySelectorAll('.mantine-datatable-loader')].every(
        (loader) => getComputedStyle(loader).opacity === '0',
      ),
  );
  return (await page.screenshot()).toString('base64');
}

try {
  const desktop = await signedIn({ width: 1280, height: 800 });
  const list = await capture(desktop, '/employees?q=tremblay', 'tbody tr');
  await desktop.locator('tbody tr').first().locator('td').nth(1).click();
  await desktop.waitForURL(/\/employees\/[0-9a-f-]{36}$/);
  const phone = await signedIn({ width: 360, height: 740 });
  const detail = await capture(phone, new URL(desktop.url()).pathname, 'h1');

  const sheet = await browser.newPage({ viewport: { width: 1720, height: 860 } });
  await sheet.setContent(`<body style="margin:0;background:#e9ecef;display:flex;gap:28px;padding:30px;align-items:flex-start">
    <img src="data:image/png;base64,${list}" style="width:1280px;border-radius:10px;box-shadow:0 4px 18px #0003">
    <img src="data:image/png;base64,${detail}" style="width:360px;border-radius:18px;box-shadow:0 4px 18px #0003">
  </body>`);
  const file = path.join(root, 'docs', 'screenshot.png');
  await sheet.screenshot({ path: file });
  console.log(`wrote ${path.relative(root, file)}`);
} finally {
  await browser.close();
  await server.stop();
}
