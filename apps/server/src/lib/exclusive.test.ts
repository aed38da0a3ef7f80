import { describe, expect, it } from 'vitest';
import { retryOnDeadlock } from './exclusive.ts';

/** An error as node-postgres (or Drizzle around it) raises PostgreSQL's deadlock_detected. */
const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('retryOnDeadlock', () => {
  it('runs a transaction the database ended to break a deadlock once more', async () => {
    let runs = 0;
    const result = await retryOnDeadlock(async () => {
      runs += 1;
      if (runs === 1) throw new Error('Failed query', { cause: deadlock() });
      return 'written';
    });
    expect({ result, runs }).toEqual({ result: 'written', runs: 2 });
  });

  it('runs it only once more, and never again after another error', async () => {
    let runs = 0;
    await expect(
      retryOnDeadlock(async () => {
        runs += 1;
        throw deadlock();
      }),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(runs).toBe(2);
    runs = 0;
    await expect(
      retryOnDeadlock(async () => {
        runs += 1;
        throw Object.assign(new Error('unique'), { code: '23505' });
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(runs).toBe(1);
  });
});
