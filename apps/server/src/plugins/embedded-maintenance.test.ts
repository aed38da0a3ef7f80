import { describe, expect, it } from 'vitest';
import { msUntilCompanyHour } from './embedded-maintenance.ts';

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
