import { describe, expect, it } from 'vitest';
import { formatAmount, formatHours, formatMoney, formatPhone, spreadsheetFormats } from './format.ts';
import { payWeekIndex, payWeekOf } from './pay-week.ts';

// Written with a visible mark for the non-breaking space the formats put between a number and its
// unit (and French puts in thousands): "9,5␣h" is "9,5\u00a0h".
const nbsp = (text: string) => text.replaceAll('␣', '\u00a0');

describe('one format per language', () => {
  // What every screen, PDF, workbook, e-mail and SMS writes.
  it.each([
    // minutes, French, English
    [0, '0␣h', '0␣h'],
    [15, '0,25␣h', '0.25␣h'],
    [45, '0,75␣h', '0.75␣h'],
    [8 * 60, '8␣h', '8␣h'],
    [9 * 60 + 30, '9,5␣h', '9.5␣h'],
    [9 * 60 + 15, '9,25␣h', '9.25␣h'],
    [43 * 60 + 30, '43,5␣h', '43.5␣h'],
    [1234 * 60 + 45, '1␣234,75␣h', '1,234.75␣h'],
  ])('hours: %i minutes are %s and %s', (minutes, fr, en) => {
    expect(formatHours(minutes, 'fr')).toBe(nbsp(fr));
    expect(formatHours(minutes, 'en')).toBe(nbsp(en));
  });

  it.each([
    // cents, French, English, French field, English field
    [1250, '12,50␣$', '$12.50', '12,50', '12.50'],
    [0, '0,00␣$', '$0.00', '0,00', '0.00'],
    [5, '0,05␣$', '$0.05', '0,05', '0.05'],
    [123450, '1␣234,50␣$', '$1,234.50', '1234,50', '1234.50'],
  ])('money: %i cents are %s and %s (%s and %s in a field)', (cents, fr, en, frField, enField) => {
    expect(formatMoney(cents, 'fr')).toBe(nbsp(fr));
    expect(formatMoney(cents, 'en')).toBe(en);
    expect(formatAmount(cents, 'fr')).toBe(frField);
    expect(formatAmount(cents, 'en')).toBe(enField);
  });

  it.each([
    ['+15145550101', '514 555-0101'],
    ['5145550101', '514 555-0101'],
    ['(514) 555-0101', '514 555-0101'],
    ['1-514-555-0101', '514 555-0101'],
    ['+33 1 23 45 67 89', '+33 1 23 45 67 89'],
    ['555-0101', '555-0101'],
    ['poste 514', 'poste 514'],
  ])('phones: %s is %s in both languages', (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });

  it('gives the workbook the same rules: the unit and the sign where the language puts them', () => {
    expect(spreadsheetFormats.fr).toEqual({ hours: nbsp('General"␣h"'), money: nbsp('#,##0.00"␣$"') });
    expect(spreadsheetFormats.en).toEqual({ hours: nbsp('General"␣h"'), money: '"$"#,##0.00' });
  });
});

describe('the pay week', () => {
  it.each([
    // any day → its week, Sunday to Saturday
    ['2026-11-22', '2026-11-22', '2026-11-28', 0], // a Sunday starts one
    ['2026-11-28', '2026-11-22', '2026-11-28', 6], // the Saturday ends it
    ['2026-11-29', '2026-11-29', '2026-12-05', 0], // the next Sunday starts the next
    ['2026-11-23', '2026-11-22', '2026-11-28', 1], // a Monday is inside, never the start
    ['2027-01-01', '2026-12-27', '2027-01-02', 5], // across a year
    ['2026-03-08', '2026-03-08', '2026-03-14', 0], // the day clocks change is a calendar day
  ])('%s is in the week %s – %s (day %i)', (day, weekStart, weekEnd, index) => {
    expect(payWeekOf(day)).toEqual({ weekStart, weekEnd });
    expect(payWeekIndex(day)).toBe(index);
  });
});
