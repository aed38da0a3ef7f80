import { addMonths } from '@brigade/shared';
import { describe, expect, it } from 'vitest';
import { sheetName } from './document/xlsx.ts';
import { type LedgerEntry, ledgerLines } from './hours-ledger.ts';

/** The ledger's rule and the documents' small pieces, without a database. */

const lookup = {
  employee: (id: string) => ({ id, firstName: 'Luc', lastName: id, number: null }),
  site: (id: string) => ({ id, name: id, city: null, client: { id: 'c', name: 'Client' } }),
  timesheet: () => null,
};
// Sunday 2026-11-15 to Saturday 2026-11-21.
const entry = (
  siteId: string,
  workDate: string,
  minutes: number,
  extra: Partial<LedgerEntry> = {},
): LedgerEntry => ({
  employeeId: 'Tremblay',
  siteId,
  workDate,
  startMinute: 420,
  endMinute: 420 + minutes,
  breakMinutes: 0,
  minutes,
  parkingCents: 0,
  rejected: false,
  ...extra,
});

describe('the hours ledger', () => {
  it('splits the worker’s whole week, each day’s overtime on its last hours, whatever the site', () => {
    // 5 h on A each morning, 5 h on B each afternoon: 10 h a day, 2 h overtime each, on B.
    const days = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'];
    const lines = ledgerLines(
      days.flatMap((day) => [
        entry('A', day, 300),
        entry('B', day, 300, { startMinute: 780, endMinute: 1080 }),
      ]),
      { from: '2026-11-15', to: '2026-11-21' },
      lookup,
    );
    expect(lines.map((line) => [line.site.id, line.regular, line.overtime])).toEqual([
      ['A', 1500, 0],
      ['B', 900, 600],
    ]);
    expect(lines[1]?.days[0]?.entries).toEqual([expect.objectContaining({ regular: 180, overtime: 120 })]);
  });

  it('counts a site left out by the filters in the week, and shows it nowhere', () => {
    // Sunday to Tuesday 8 h on A (left out), then Wednesday to Friday 8 h on B: B's last 8 h are
    // the week's regular hours past 40.
    const lines = ledgerLines(
      [
        ...['2026-11-15', '2026-11-16', '2026-11-17'].map((day) => entry('A', day, 480, { outside: true })),
        ...['2026-11-18', '2026-11-19', '2026-11-20'].map((day) => entry('B', day, 480)),
      ],
      { from: '2026-11-15', to: '2026-11-21' },
      lookup,
    );
    expect(lines.map((line) => [line.site.id, line.regular, line.overtime])).toEqual([['B', 960, 480]]);
  });

  it('splits whole weeks, then keeps the period’s days; a refused line counts nowhere', () => {
    // 10 h Sunday to Thursday: 8 + 2 each day, then the week's regular hours past 40 moved to overtime.
    const days = ['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19'];
    const all = [
      ...days.map((day) => entry('A', day, 600)),
      entry('A', '2026-11-20', 480, { rejected: true }),
    ];
    const [whole] = ledgerLines(all, { from: '2026-11-15', to: '2026-11-21' }, lookup);
    expect(whole).toMatchObject({ minutes: 3000, regular: 2400, overtime: 600 });
    const [thursday] = ledgerLines(all, { from: '2026-11-19', to: '2026-11-20' }, lookup);
    expect(thursday?.days).toEqual([
      expect.objectContaining({ date: '2026-11-19', regular: 480, overtime: 120 }),
    ]);
  });
});

describe('documents', () => {
  it('names sheets as Excel takes them: 31 characters, no []:*?/\\, unique', () => {
    const used = new Set<string>();
    expect(sheetName('Sommaire', used)).toBe('Sommaire');
    expect(sheetName('sommaire', used)).toBe('sommaire (2)');
    const long = 'Tour de bureaux: phase 2/3 [nord] du boulevard René-Lévesque';
    const first = sheetName(long, used);
    expect(first).toBe('Tour de bureaux phase 2 3 nord');
    expect(first.length).toBeLessThanOrEqual(31);
    const second = sheetName(long, used);
    expect(second.length).toBeLessThanOrEqual(31);
    expect(second).toMatch(/ \(2\)$/);
  });

  it('counts a period’s 13 months to the month’s last day', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2025-01-15', 13)).toBe('2026-02-15');
  });
});
