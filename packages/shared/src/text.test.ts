import { describe, expect, it } from 'vitest';
import { optionalText } from './address.ts';
import { passwordSchema, toE164 } from './auth.ts';
import { controlCharacterIssue, nameSchema, searchTerms, text } from './text.ts';

describe('searchTerms', () => {
  it.each([
    ['418 555-7343', ['4185557343']],
    ['(418) 555-7343', ['4185557343']],
    ['+1 418.555.7343', ['14185557343']],
    ['555-7343', ['5557343']],
    ['gagnon 555-7343', ['gagnon', '5557343']],
    ['gagnon (418)', ['gagnon', '418']],
  ])('searches the phone %s as digits', (query, terms) => {
    expect(searchTerms(query)).toEqual(terms);
  });

  it.each([
    ['Jean-Pierre', ['jean-pierre']],
    ['Hélène  Côté', ['helene', 'cote']],
    ['jp.trudel@ex-ample.test', ['jp.trudel@ex-ample.test']],
    ['E-10001', ['e-10001']],
    ['H2X 1Y4', ['h2x', '1y4']],
  ])('keeps %s as typed (accents and case aside)', (query, terms) => {
    expect(searchTerms(query)).toEqual(terms);
  });

  it('drops punctuation-only words and empty queries', () => {
    expect(searchTerms('gagnon - .')).toEqual(['gagnon']);
    expect(searchTerms('   ')).toEqual([]);
    expect(searchTerms(undefined)).toEqual([]);
  });
});

describe('nameSchema', () => {
  it('trims and single-spaces a name, and requires one', () => {
    expect(nameSchema(50).parse('  Construction   Bérubé\t& Fils ')).toBe('Construction Bérubé & Fils');
    expect(nameSchema(50).safeParse('   ').error?.issues[0]?.message).toBe('required');
    expect(nameSchema(5).safeParse('abcdef').success).toBe(false);
  });
});

describe('toE164 (North American numbers)', () => {
  it.each(['418 555-7343', '(514) 555-0199', '+1 819 555 0101', '1-450-555-1005', '+1 (438) 555-0142'])(
    'accepts %s',
    (typed) => {
      expect(toE164(typed)).toMatch(/^\+1[2-9]\d{2}[2-9]\d{6}$/);
    },
  );

  it.each([
    '014 555 1234',
    '514 155 1234',
    '+1 114 555 1234',
    '+1 514 055 1234',
    '+1 514 555 123',
    '1-514-555-12345',
  ])('refuses %s (area code and exchange start with 2–9)', (typed) => {
    expect(toE164(typed)).toBeNull();
  });

  it('still accepts other countries', () => {
    expect(toE164('+33 6 12 34 56 78')).toBe('+33612345678');
  });
});

describe('text, the building block of every free-text field', () => {
  const refusal = (result: { error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((issue) => issue.message);

  it.each(['a\u0000b', 'bell\u0007', 'esc\u001b[31m', 'tab\tinside', 'two\nlines'])(
    'refuses the control characters of %j on one line',
    (value) => {
      expect(refusal(text(100).safeParse(value))).toEqual([controlCharacterIssue]);
    },
  );

  it('keeps tabs and line breaks in multi-line text, and refuses the other control characters there', () => {
    const notes = optionalText(100, { multiline: true });
    expect(notes.parse('  line one\r\n\tline two  ')).toBe('line one\r\n\tline two');
    expect(refusal(notes.safeParse('nul\u0000'))).toEqual([controlCharacterIssue]);
  });

  it('tidies before it checks: a name loses its tabs, a pasted line loses its trailing new line', () => {
    expect(nameSchema(50).parse('Toitures\tLétourneau\n')).toBe('Toitures Létourneau');
    expect(text(50).parse('Montréal\n')).toBe('Montréal');
    expect(refusal(nameSchema(50).safeParse('Toitures\u0000'))).toEqual([controlCharacterIssue]);
  });

  it('keeps a password as typed, and refuses a NUL in it', () => {
    expect(passwordSchema.parse(' spaces count ')).toBe(' spaces count ');
    expect(refusal(passwordSchema.safeParse('password\u0000'))).toEqual([controlCharacterIssue]);
  });

  it('refuses an overlong text instead of cutting it', () => {
    const result = text(5).safeParse('abcdef');
    expect(result.error?.issues[0]).toMatchObject({ code: 'too_big', maximum: 5 });
  });
});
