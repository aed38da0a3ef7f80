import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { messages } from '../src/db/schema/index.ts';
import outboxWorker from '../src/plugins/outbox-worker.ts';
import { buildTestApp } from './app.ts';

/**
 * A batch goes out through the outbox worker at the provider's rate; the server restarts in the
 * middle of it. Every SMS must leave once: none lost, none twice.
 */
const t = await buildTestApp({ SMS_RATE_PER_SECOND: '40', OUTBOX_POLL_MS: '25' });
const admin = await t.signedIn('admin');
const smsFolder = path.join(t.config.DATA_DIR, 'outbox', 'sms');

/** A server process as far as the outbox knows: the app with its worker, on the same database. */
async function startServer() {
  const app = await buildApp({ config: t.config, database: t.database, jwtSecret: t.jwtSecret });
  await app.register(outboxWorker);
  await app.ready();
  return app;
}
async function sentFiles(): Promise<{ id: string; to: string }[]> {
  const names = await readdir(smsFolder).catch(() => [] as string[]);
  return Promise.all(
    names
      .filter((name) => name.endsWith('.json'))
      .map(async (name) => JSON.parse(await readFile(path.join(smsFolder, name), 'utf8'))),
  );
}
async function until(condition: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a restart in the middle of a batch', () => {
  it('sends every message of the batch once', async () => {
    const recipients = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        t.createEmployee({ passwordHash: null, phone: `+1438555${String(2000 + index)}` }),
      ),
    );
    const first = await startServer();
    const response = await first.inject({
      method: 'POST',
      url: '/api/send/sms',
      headers: admin.headers,
      payload: {
        messages: {
          type: 'General',
          recipients: { userIds: recipients.map((r) => r.id) },
          texts: { fr: 'Chantier fermé demain' },
        },
      },
    });
    expect(response.statusCode).toBe(200);
    const ids: string[] = response.json().created.map((m: { id: string }) => m.id);
    expect(ids).toHaveLength(30);

    await until(async () => (await sentFiles()).length >= 5);
    // SIGTERM: the worker finishes the SMS in the provider's hands, then stops.
    await first.close();
    const beforeRestart = (await sentFiles()).length;
    expect(beforeRestart).toBeLessThan(30);

    const second = await startServer();
    try {
      await until(async () => (await sentFiles()).length >= 30);
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await second.close();
    }
    const files = await sentFiles();
    expect(files).toHaveLength(30);
    expect(new Set(files.map((file) => file.to))).toEqual(new Set(recipients.map((r) => r.phone)));
    const rows = await t.db
      .select({ status: messages.status })
      .from(messages)
      .where(inArray(messages.id, ids));
    expect(rows.map((row) => row.status)).toEqual(Array(30).fill('sent'));
  });
});
