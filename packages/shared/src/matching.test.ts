import { describe, expect, it } from 'vitest';
import { exclusionOf, type MatchCandidate, type MatchOrder, rankCandidates, workDays } from './matching.ts';

const carpentry = 'skill-carpentry';
const asp = 'skill-asp';
const harness = 'tool-harness';

// Monday 7 to Friday 11 December 2026, 7:00–15:30, at 12 m.
const order: MatchOrder = {
  clientId: 'client-1',
  siteId: 'site-1',
  startsOn: '2026-12-07',
  endsOn: '2026-12-11',
  includeWeekends: false,
  dailyStart: '07:00',
  dailyEnd: '15:30',
  heightMetres: 12,
  skills: [
    { skillId: carpentry, mandatory: true },
    { skillId: asp, mandatory: false },
  ],
  toolIds: [harness],
};

const candidate = (id: string, extra: Partial<MatchCandidate> = {}): MatchCandidate => ({
  id,
  active: true,
  status: 'disponible',
  fearOfHeights: false,
  skills: [{ skillId: carpentry, expiresOn: null }],
  toolIds: [],
  away: [],
  blacklists: [],
  confirmedElsewhere: [],
  workedAtSite: false,
  workedForClient: false,
  distanceKm: null,
  minutesThisWeek: 0,
  ...extra,
});

describe('the days of an order', () => {
  it('are its weekdays, weekends only when it includes them', () => {
    expect(workDays({ startsOn: '2026-12-11', endsOn: '2026-12-14', includeWeekends: false })).toEqual([
      '2026-12-11',
      '2026-12-14',
    ]);
    expect(workDays({ startsOn: '2026-12-11', endsOn: '2026-12-14', includeWeekends: true })).toHaveLength(4);
  });
});

describe('the hard rules', () => {
  it('leave out the archived, the absent on a working day, the blacklisted, the afraid of heights', () => {
    expect(exclusionOf(order, candidate('a', { active: false }))).toEqual({ code: 'archived' });
    const sick = {
      absenceId: 'x',
      type: 'sick' as const,
      startsOn: '2026-12-09',
      endsOn: '2026-12-09',
      fromTime: null,
      toTime: null,
    };
    expect(exclusionOf(order, candidate('b', { away: [sick] }))).toEqual({
      code: 'absent',
      date: '2026-12-09',
      // Health information (Law 25): the reason is only `absent`; a vacation says itself.
      absenceType: 'absent',
    });
    expect(exclusionOf(order, candidate('v', { away: [{ ...sick, type: 'vacation' }] }))).toMatchObject({
      absenceType: 'vacation',
    });
    // Away on the Saturday only: the order does not work it.
    const saturday = { ...sick, startsOn: '2026-12-12', endsOn: '2026-12-12' };
    expect(exclusionOf(order, candidate('c', { away: [saturday] }))).toBeNull();
    // A medical appointment after the day's hours does not keep them away.
    const evening = { ...sick, type: 'personal' as const, fromTime: '16:00', toTime: '17:00' };
    expect(exclusionOf(order, candidate('d', { away: [evening] }))).toBeNull();
    expect(exclusionOf(order, candidate('d2', { away: [{ ...evening, fromTime: '14:00' }] }))?.code).toBe(
      'absent',
    );
    const blacklist = {
      absenceId: 'y',
      clientId: 'client-1',
      siteId: null,
      startsOn: '2025-01-01',
      endsOn: null,
    };
    expect(exclusionOf(order, candidate('e', { blacklists: [blacklist] }))).toEqual({ code: 'blacklisted' });
    expect(
      exclusionOf(order, candidate('e2', { blacklists: [{ ...blacklist, siteId: 'site-2' }] })),
    ).toBeNull();
    expect(exclusionOf(order, candidate('f', { fearOfHeights: true }))).toEqual({
      code: 'fear_of_heights',
      heightMetres: 12,
    });
    expect(
      exclusionOf({ ...order, heightMetres: null }, candidate('f2', { fearOfHeights: true })),
    ).toBeNull();
  });

  it('leave out whoever lacks a mandatory skill or whose certificate ends before the order', () => {
    expect(exclusionOf(order, candidate('g', { skills: [] }))).toEqual({
      code: 'missing_skill',
      skillId: carpentry,
    });
    expect(
      exclusionOf(order, candidate('h', { skills: [{ skillId: carpentry, expiresOn: '2026-12-10' }] })),
    ).toEqual({
      code: 'skill_expires',
      skillId: carpentry,
      expiresOn: '2026-12-10',
    });
    expect(
      exclusionOf(order, candidate('i', { skills: [{ skillId: carpentry, expiresOn: '2026-12-11' }] })),
    ).toBeNull();
  });

  it('leave out whoever is confirmed elsewhere on overlapping days and hours, not on other hours', () => {
    const booking = {
      orderId: 'o2',
      startsOn: '2026-12-10',
      endsOn: '2026-12-18',
      includeWeekends: false,
      dailyStart: '06:00',
      dailyEnd: '14:00',
    };
    expect(exclusionOf(order, candidate('j', { confirmedElsewhere: [booking] }))).toEqual({
      code: 'booked',
      orderId: 'o2',
      date: '2026-12-10',
    });
    const night = { ...booking, dailyStart: '16:00', dailyEnd: '23:00' };
    expect(exclusionOf(order, candidate('k', { confirmedElsewhere: [night] }))).toBeNull();
  });
});

describe('the ranking', () => {
  it('puts the best fit first with the reasons, and the excluded last', () => {
    const ranked = rankCandidates(order, [
      candidate('excluded', { skills: [] }),
      candidate('busy', { status: 'assigne', minutesThisWeek: 2400 }),
      candidate('best', {
        skills: [
          { skillId: carpentry, expiresOn: null },
          { skillId: asp, expiresOn: '2027-03-31' },
        ],
        toolIds: [harness],
        workedAtSite: true,
        distanceKm: 8,
      }),
      candidate('plain'),
    ]);
    expect(ranked.map((r) => r.id)).toEqual(['best', 'plain', 'busy', 'excluded']);
    expect(ranked[0]?.reasons).toEqual(
      expect.arrayContaining([
        { code: 'has_skill', skillId: asp, expiresOn: '2027-03-31' },
        { code: 'has_tool', toolId: harness },
        { code: 'worked_at_site' },
        { code: 'distance', km: 8 },
      ]),
    );
    expect(ranked[1]?.reasons).toEqual(
      expect.arrayContaining([
        { code: 'lacks_skill', skillId: asp },
        { code: 'lacks_tool', toolId: harness },
      ]),
    );
    expect(ranked[3]?.excluded).toEqual({ code: 'missing_skill', skillId: carpentry });
  });

  it('is stable: equal candidates keep the order of their ids', () => {
    const ranked = rankCandidates(order, [candidate('b'), candidate('a'), candidate('c')]);
    expect(ranked.map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });
});
