import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { freshDatabase } from '../../test/app.ts';

// Connections lost under a running server (PostgreSQL restarted, killed by an administrator) must
// neither crash the process nor leave the session cache deaf to invalidations.
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL connections lost under the server', () => {
  it('reconnects the pool and the LISTEN connection, and reports the gap', async () => {
    const database = await freshDatabase();
    onTestFinished(() => database.close());
    const received: string[] = [];
    const onGap = vi.fn();
    const stop = await database.listen('brigade_test_channel', (payload) => received.push(payload), onGap);

    // Several idle connections in the pool, all but one about to be killed.
    await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select pg_sleep(0.05)`)));
    await database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`);

    // The pool opens a new connection for the next query.
    await expect.poll(() => database.ping().then(() => 'up')).toBe('up');
    // The listener comes back, says that it may have missed messages, and hears new ones.
    await expect.poll(() => onGap.mock.calls.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await database.notify('brigade_test_channel', 'after the gap');
    await expect.poll(() => received).toContain('after the gap');
    await stop();
  });
});
