import { describe, expect, it } from 'vitest';
import { type AwayPeriod, absenceInputSchema, isBlacklisted, isUnavailable } from './absences.ts';

const employeeId = '00000000-0000-4000-8000-000000000001';
const clientId = '00000000-0000-4000-8000-000000000002';
const siteId = '00000000-0000-4000-8000-000000000003';

function issues(input: Record<string, unknown>) {
  const result = absenceInputSchema.safeParse({ employeeId, type: 'sick', startsOn: '2026-03-02', ...input });
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
}

describe('an absence as written', () => {
  it('needs an end not before its start, except a blacklist', () => {
    expect(issues({ endsOn: '2026-03-06' })).toEqual([]);
    expect(issues({ endsOn: '02/03/2026' })).toEqual([]);
    expect(issues({})).toEqual(['endsOn:required']);
    expect(issues({ endsOn: '2026-03-01' })).toEqual(['endsOn:end_before_start']);
    expect(issues({ type: 'blacklist', clientId })).toEqual([]);
  });

  it('gives a blacklist a client, and only a blacklist', () => {
    expect(issues({ type: 'blacklist' })).toEqual(['clientId:required']);
    expect(issues({ type: 'blacklist', siteId })).toEqual(['clientId:required']);
    expect(issues({ endsOn: '2026-03-02', clientId })).toEqual(['clientId:blacklist_only']);
  });

  it('takes part of a day as two quarter hours in order', () => {
    expect(issues({ endsOn: '2026-03-02', fromTime: '08:00', toTime: '10:30' })).toEqual([]);
    expect(issues({ endsOn: '2026-03-02', fromTime: '08:10', toTime: '10:30' })).toEqual([
      'fromTime:quarter_hour',
    ]);
    expect(issues({ endsOn: '2026-03-02', fromTime: '10:00', toTime: '08:00' })).toEqual([
      'toTime:end_time_before_start',
    ]);
    expect(issues({ endsOn: '2026-03-02', fromTime: '10:00' })).toEqual(['toTime:required']);
    expect(issues({ endsOn: '2026-03-02', fromTime: '25:00', toTime: '26:00' })).toContain(
      'fromTime:invalid_time',
    );
    expect(issues({ type: 'blacklist', clientId, fromTime: '08:00', toTime: '09:00' })).toEqual([
      'fromTime:blacklist_whole_days',
    ]);
  });

  it('shows every problem at once, a bad reason beside a bad end', () => {
    expect(issues({ endsOn: '2026-03-01', reason: 'a\u0000b' })).toEqual(
      expect.arrayContaining(['endsOn:end_before_start', 'reason:control_character']),
    );
  });
});

describe('the availability rule', () => {
  const periods: AwayPeriod[] = [
    {
      absenceId: 'a',
      type: 'vacation',
      startsOn: '2026-03-02',
      endsOn: '2026-03-06',
      fromTime: null,
      toTime: null,
    },
    {
      absenceId: 'b',
      type: 'personal',
      startsOn: '2026-03-10',
      endsOn: '2026-03-10',
      fromTime: '08:00',
      toTime: '10:00',
    },
  ];
  it('is unavailable on every day of a whole-day absence, first and last included', () => {
    expect(isUnavailable(periods, '2026-03-01')).toBe(false);
    expect(isUnavailable(periods, '2026-03-02')).toBe(true);
    expect(isUnavailable(periods, '2026-03-06')).toBe(true);
    expect(isUnavailable(periods, '2026-03-07')).toBe(false);
  });
  it('is still available on a day away for a few hours', () => {
    expect(isUnavailable(periods, '2026-03-10')).toBe(false);
  });
  it('blacklists a whole client, or one site, from its start and until its end', () => {
    const other = '00000000-0000-4000-8000-000000000009';
    const wholeClient = [{ absenceId: 'x', clientId, siteId: null, startsOn: '2026-01-01', endsOn: null }];
    expect(isBlacklisted(wholeClient, clientId, siteId, '2026-05-01')).toBe(true);
    expect(isBlacklisted(wholeClient, clientId, null, '2026-05-01')).toBe(true);
    expect(isBlacklisted(wholeClient, other, siteId, '2026-05-01')).toBe(false);
    expect(isBlacklisted(wholeClient, clientId, siteId, '2025-12-31')).toBe(false);
    const oneSite = [{ absenceId: 'y', clientId, siteId, startsOn: '2026-01-01', endsOn: '2026-06-30' }];
    expect(isBlacklisted(oneSite, clientId, siteId, '2026-05-01')).toBe(true);
    expect(isBlacklisted(oneSite, clientId, other, '2026-05-01')).toBe(false);
    expect(isBlacklisted(oneSite, clientId, siteId, '2026-07-01')).toBe(false);
  });
});
