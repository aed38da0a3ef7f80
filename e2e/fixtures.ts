import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, type Request } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { submitLogin } from './login-form.ts';
import { authStateFile, serverInfo } from './server-info.ts';

export { expect, submitLogin };

import { accounts, type Role } from './accounts.ts';

export { accounts, languageAdmin, type Role } from './accounts.ts';

export const demoPassword = (): string => serverInfo().password;

/** A text field by its label (e-mail and phone fields are textboxes). */
export const textField = (page: Page, label: string | RegExp) => page.getByRole('textbox', { name: label });

/** A password field by its exact label (the form and the show-password toggle carry similar names). */
export const passwordField = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).and(page.locator('input'));

/**
 * Opens `path` (by default `role`'s home page) signed in with the session global-setup.ts saved for
 * that role (one sign-in per role for the whole run). A test that starts elsewhere than the home
 * names its page here: the admin's home, the overview wall, is a page worth not loading for nothing. Tests that end their session (log out, revoke it) or are
 * about signing in use `signInWithForm`, which opens a session of their own.
 */
export async function signIn(page: Page, role: Role, path?: string): Promise<void> {
  const state = JSON.parse(readFileSync(authStateFile(role), 'utf8')) as {
    origins: { localStorage: { name: string; value: string }[] }[];
  };
  const entries = state.origins[0]?.localStorage ?? [];
  // A file of the same origin that runs no script: the app starts only once the session is there.
  await page.goto('/favicon.svg');
  await page.evaluate((items) => {
    for (const { name, value } of items) localStorage.setItem(name, value);
  }, entries);
  await page.goto(path ?? accounts[role].home);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/**
 * Opens `path` signed in with a session a test opened itself (a worker of its own, signed in by the
 * API): what the app keeps of a sign-in, put in place as `signIn` does for the demo roles.
 */
export async function signInWithSession(
  page: Page,
  session: { token: string; user: unknown },
  path: string,
): Promise<void> {
  await page.goto('/favicon.svg');
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('brigade.token', token);
    localStorage.setItem('brigade.user', JSON.stringify(user));
  }, session);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Signs `role` in through /login (a new session of its own) and waits for its home page. */
export async function signInWithForm(page: Page, role: Role, password = demoPassword()): Promise<void> {
  const account = accounts[role];
  await page.goto('/login');
  await submitLogin(page, account.email, password);
  await expect(page).toHaveURL(account.home);
}

/**
 * Resolves once the page's live connection (socket.io) has connected and its catch-up refresh (the
 * menu's badges, GET /api/messages/unseen) has been answered. Call it before the page opens the
 * socket. A test that ends the session from outside waits for it: otherwise the catch-up call may be
 * the first one refused, not the one the test makes.
 */
export function liveConnected(page: Page): Promise<void> {
  // Both listeners are in place before the page opens the socket: the catch-up call follows the
  // CONNECT packet at once, and its answer may come before a listener added after the packet.
  let connected = false;
  return new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        // socket.io's CONNECT packet ("40") over engine.io's message packet ("4").
        if (typeof payload === 'string' && payload.startsWith('40')) connected = true;
      });
    });
    page.on('response', (response) => {
      if (connected && new URL(response.url()).pathname === '/api/messages/unseen') resolve();
    });
  });
}

/** The toast (Mantine notification) that shows `text`. */
export const toastWith = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

/**
 * Confirms the deletion asked for on a record's page (its id is the page URL's last segment) and
 * checks that the gone record is not fetched again: no GET of `${api}/{id}` (or below it) between
 * the click and the answer to the list it returns to (GET `api`, e.g. '/api/skills'), hence no
 * "not found" toast after "deleted".
 */
export async function confirmDeleteWithoutRefetch(page: Page, api: string): Promise<void> {
  const record = `${api}/${new URL(page.url()).pathname.split('/').pop()}`;
  const refetched: string[] = [];
  const onRequest = (request: Request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'GET' && (pathname === record || pathname.startsWith(`${record}/`)))
      refetched.push(pathname);
  };
  page.on('request', onRequest);
  try {
    const listAnswered = page.waitForResponse(
      (response) => response.request().method() === 'GET' && new URL(response.url()).pathname === api,
    );
    await page.getByTestId('confirm-action').click();
    await listAnswered;
  } finally {
    page.off('request', onRequest);
  }
  expect(refetched, `GET requests of the deleted record ${record}`).toEqual([]);
  await expect(toastWith(page, 'introuvable')).toHaveCount(0);
}

/** Nothing on the page is wider than `width` pixels: no sideways scrolling. */
export async function expectFitsWidth(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Runs axe on the page as it is now; fails on serious or critical violations, listed readably. */
export async function expectNoAxeViolations(page: Page, label?: string): Promise<void> {
  // A list whose next page is loading dims its previous rows (DataTable's data-fetching): what the
  // user reads is the list once it has come, so contrast is measured then, not half-faded (CI: the
  // unfiltered list was still on screen, dimmed, as a search's answer came).
  await expect(page.locator('[data-fetching]')).toHaveCount(0);
  // Legacy mode runs axe in the page itself: half the time of the default, which opens a blank page
  // to merge the results of frames. The app has no frames (map tiles are images).
  const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const report = blocking
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `    - ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}`,
        )
        .join('\n');
      return `[${violation.impact}] ${violation.id}: ${violation.help}\n  ${violation.helpUrl}\n${nodes}`;
    })
    .join('\n\n');
  expect(
    blocking.length,
    `axe found serious/critical violations on ${label ?? page.url()}:\n\n${report}`,
  ).toBe(0);
}

async function poll<T>(what: string, find: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Nothing in the outbox after ${timeoutMs / 1000}s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export interface OutboxQuery {
  /** Only messages delivered at or after this time (ms since the epoch); default: any. */
  since?: number;
  /** The DATA_DIR of the server that sends; default: the suite's server. */
  dataDir?: string;
}

/** Outbox files of messages delivered at or after `since` (ms), oldest first. */
async function outboxFiles(kind: 'mail' | 'sms', { since = 0, dataDir }: OutboxQuery): Promise<string[]> {
  const folder = path.join(dataDir ?? serverInfo().dataDir, 'outbox', kind);
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return [];
  }
  // A message being written is a hidden ".part" file, renamed when complete: only complete ones
  // count. When a message left is the server's time in its file's name (drivers.ts), not the file's
  // time on disk: under scripts/e2e-at.ts the two clocks differ.
  return names
    .flatMap((name) => {
      const stamp = /^(\d{4}-\d\d-\d\dT\d\d)-(\d\d)-(\d\d)-(\d{3})Z-/.exec(name);
      if (!stamp) return [];
      const at = Date.parse(`${stamp[1]}:${stamp[2]}:${stamp[3]}.${stamp[4]}Z`);
      return at >= since ? [{ file: path.join(folder, name), at }] : [];
    })
    .sort((a, b) => a.at - b.at)
    .map((entry) => entry.file);
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  language: string | undefined;
}

/** The first e-mail to `to` in the outbox (see OutboxQuery), waiting up to 10 s for it. */
export async function readOutboxMail(to: string, query: OutboxQuery = {}): Promise<OutboxMail> {
  return poll(`e-mail to ${to}`, async () => {
    for (const file of await outboxFiles('mail', query)) {
      const mail = await simpleParser(await readFile(file));
      const recipients = [mail.to ?? []].flat().flatMap((address) => address.value.map((v) => v.address));
      if (!recipients.some((address) => address?.toLowerCase() === to.toLowerCase())) continue;
      const language = mail.headers.get('content-language');
      return {
        to,
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        language: typeof language === 'string' ? language : undefined,
      };
    }
    return undefined;
  });
}

export interface OutboxSms {
  to: string;
  body: string;
  language: string;
  at: string;
}

/** The first SMS to `to` in the outbox (see OutboxQuery), waiting up to 10 s for it. */
export async function readOutboxSms(to: string, query: OutboxQuery = {}): Promise<OutboxSms> {
  return poll(`SMS to ${to}`, async () => {
    for (const file of await outboxFiles('sms', query)) {
      const sms = JSON.parse(await readFile(file, 'utf8')) as OutboxSms;
      if (sms.to === to) return sms;
    }
    return undefined;
  });
}

/**
 * An SMS from `from` arrives at the suite's server the way Twilio delivers one: through
 * `npm run sms:receive`, which signs it with the server's own secret (its DATA_DIR).
 */
export function receiveSms(from: string, body: string, server = serverInfo()): void {
  const result = spawnSync(
    process.execPath,
    [path.join(import.meta.dirname, '..', 'scripts', 'sms-receive.ts'), from, body, '--url', server.baseURL],
    {
      env: {
        ...process.env,
        DATA_DIR: server.dataDir,
        PUBLIC_URL: server.baseURL,
        JWT_SECRET: '',
        SMS_DRIVER: 'outbox',
      },
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`sms:receive failed: ${result.stderr || result.stdout}`);
}

/** The password-reset link in a message body (`{PUBLIC_URL}/change-password/{token}`). */
export function resetLinkIn(body: string, publicUrl = serverInfo().baseURL): string {
  const base = publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${base}/change-password/[A-Za-z0-9._~%-]+`).exec(body);
  if (!match) throw new Error(`No reset link in:\n${body}`);
  return match[0];
}

export const test = base.extend<{ axe: (label?: string) => Promise<void> }>({
  // Under `scripts/e2e-at.ts` the server and these tests run at another time (libfaketime sets
  // FAKETIME); Chromium, which libfaketime keeps from loading any page, gets that time from
  // Playwright's clock, running on from there like the others.
  context: async ({ context }, use) => {
    if (process.env.FAKETIME) await context.clock.install({ time: Date.now() });
    await use(context);
  },
  // The server's address is only known once global-setup.ts has started it.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL ?? serverInfo().baseURL);
  },
  axe: async ({ page }, use) => {
    await use((label) => expectNoAxeViolations(page, label));
  },
});
