import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it, vi } from 'vitest';
import { freshDatabase, testConfig } from '../../test/app.ts';
import { buildApp } from '../app.ts';
import embeddedMaintenance, { msUntilCompanyHour } from './embedded-maintenance.ts';

describe('embedded database maintenance schedule', () => {
  it('waits until the next 3:00 in Montréal, whatever the server clock zone', () => {
    // 2025-06-01 01:30 in Montréal (EDT, UTC−4) → 1 h 30 to go.
    expect(msUntilCompanyHour(3, new Date('2025-06-01T05:30:00Z'))).toBe(90 * 60_000);
    // 04:00 → tomorrow, 23 h later.
    expect(msUntilCompanyHour(3, new Date('2025-06-01T08:00:00Z'))).toBe(23 * 3_600_000);
    // Exactly 3:00 → a full day, not zero.
    expect(msUntilCompanyHour(3, new Date('2025-01-15T08:00:00Z'))).toBe(24 * 3_600_000);
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('embedded database maintenance after start', () => {
  async function statementsAfterStart(migrated: boolean): Promise<string[]> {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const database = await freshDatabase();
    const app = await buildApp({ config: testConfig(), database, jwtSecret: 'x'.repeat(48) });
    await app.register(embeddedMaintenance, { migrated });
    await app.ready();
    const execute = vi.spyOn(database.db, 'execute');
    try {
      await vi.advanceTimersByTimeAsync(5_000);
      await vi.waitFor(() => expect(execute).toHaveBeenCalled());
      return execute.mock.calls.map(([query]) => new PgDialect().sqlToQuery(query as SQL).sql);
    } finally {
      vi.useRealTimers();
      await app.close();
      await database.close();
    }
  }

  it('analyzes a few seconds after an ordinary start', async () => {
    expect(await statementsAfterStart(false)).toEqual(['analyze']);
  });

  it('vacuums and analyzes after a start that applied migrations (they may rewrite whole tables)', async () => {
    expect(await statementsAfterStart(true)).toEqual(['vacuum analyze']);
  });
});
