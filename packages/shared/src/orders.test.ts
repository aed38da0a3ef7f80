import { describe, expect, it } from 'vitest';
import { orderInputSchema, orderStatus } from './orders.ts';

describe('an order’s status', () => {
  const order = { startsOn: '2026-12-07', endsOn: '2026-12-11', workersNeeded: 3, cancelled: false };
  it('before it starts: open, partly filled, filled by confirmed workers only', () => {
    expect(orderStatus(order, 0, '2026-12-01')).toBe('open');
    expect(orderStatus(order, 2, '2026-12-01')).toBe('partial');
    expect(orderStatus(order, 3, '2026-12-01')).toBe('filled');
    expect(orderStatus(order, 4, '2026-12-01')).toBe('filled');
  });
  it('from its first day to its last, in progress; after, done; cancelled wins', () => {
    expect(orderStatus(order, 0, '2026-12-07')).toBe('in_progress');
    expect(orderStatus(order, 3, '2026-12-11')).toBe('in_progress');
    expect(orderStatus(order, 3, '2026-12-12')).toBe('done');
    expect(orderStatus({ ...order, cancelled: true }, 3, '2026-12-01')).toBe('cancelled');
  });
});

describe('an order as written', () => {
  const valid = {
    clientId: '00000000-0000-4000-8000-000000000001',
    siteId: '00000000-0000-4000-8000-000000000002',
    skills: [{ skillId: '00000000-0000-4000-8000-000000000003', mandatory: true }],
    workersNeeded: 2,
    startsOn: '2026-12-07',
    endsOn: '2026-12-07',
    dailyStart: '07:00',
    dailyEnd: '15:30',
  };
  const issues = (extra: object) => {
    const result = orderInputSchema.safeParse({ ...valid, ...extra });
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };
  it('takes a one-day order with defaults', () => {
    expect(orderInputSchema.parse(valid)).toMatchObject({
      priority: 2,
      includeWeekends: false,
      toolIds: [],
      heightMetres: null,
    });
  });
  it('refuses hours out of order or off the quarter hour, a skill twice, a priority out of 1–3', () => {
    expect(issues({ dailyEnd: '06:00' })).toEqual(['dailyEnd:end_time_before_start']);
    expect(issues({ dailyStart: '07:20' })).toEqual(['dailyStart:quarter_hour']);
    expect(issues({ skills: [valid.skills[0], valid.skills[0]] })).toEqual(['skills.1.skillId:duplicate']);
    expect(issues({ priority: 4 })).toHaveLength(1);
  });
});
