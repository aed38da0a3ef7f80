import { z } from 'zod';
import { normalizeForSearch } from './normalize.ts';

// Kept apart from the schemas below so that the web's pickers use it without loading zod.
export { accentFold, normalizeForSearch } from './normalize.ts';

/** The search text of a record: its parts (names, e-mail, phone, number…) normalized and joined. */
export function searchable(...parts: (string | null | undefined)[]): string {
  return normalizeForSearch(parts.filter((part): part is string => Boolean(part)).join(' '));
}

/** Only digits and what people type between them in a phone number: "(418) 555-7343", "+1 418.555". */
const phoneLike = /^[\d\s().+-]+$/;
/** A query that is a whole phone number (7 digits or more), however it is typed. */
const minPhoneDigits = 7;

/**
 * The words of a query, each of which must appear in the record's search text. Records keep phone
 * numbers as bare digits, so a phone typed the usual ways is searched as digits: a whole query that
 * looks like a phone number is one term ("(418) 555-7343" → "4185557343"), and a word made only of
 * digits and phone punctuation loses the punctuation ("555-7343" → "5557343"). Other words keep
 * theirs: "jean-pierre", "e-10001" and e-mail addresses are found as typed.
 */
export function searchTerms(query: string | undefined): string[] {
  if (!query) return [];
  const normalized = normalizeForSearch(query);
  const digits = normalized.replace(/\D/g, '');
  if (phoneLike.test(normalized) && digits.length >= minPhoneDigits) return [digits];
  return normalized
    .split(' ')
    .map((term) => (phoneLike.test(term) ? term.replace(/\D/g, '') : term))
    .filter((term) => term.length > 0);
}

/** Trims and turns every run of spaces (tabs, new lines…) into one space. */
export function singleSpaced(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/**
 * The issue message of text that holds a control character (NUL, escape, bell…): a code, like the
 * other custom issues (`invalid_phone`…), that the web app translates.
 */
export const controlCharacterIssue = 'control_character';

/** Code points of the C0 control characters that one line of text never holds (all of them). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is this pattern's purpose
const singleLineControlCharacters = /[\u0000-\u001f]/;
/** The same, less tab, line feed and carriage return, which notes and comments do hold. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is this pattern's purpose
const multiLineControlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

interface TextOptions {
  /** Notes, comments, descriptions: tabs and line breaks are part of the text. */
  multiline?: boolean;
  /**
   * How the text is tidied before it is checked: trimmed by default, `singleSpaced` for names;
   * `'as typed'` for passwords and tokens, whose every character counts.
   */
  tidy?: ((value: string) => string) | 'as typed';
}

/**
 * The one building block of every free-text field and query parameter (names, notes, addresses,
 * `q`, passwords…): a string of at most `max` characters that holds no control character.
 * PostgreSQL refuses a NUL outright (it used to answer 500); the others are never typed, only
 * injected. Refused with the issue `control_character`, which names the field in the 400 answer.
 */
export function text(max: number, options: TextOptions = {}) {
  const { multiline = false, tidy = (value: string) => value.trim() } = options;
  const forbidden = multiline ? multiLineControlCharacters : singleLineControlCharacters;
  const tidied = tidy === 'as typed' ? z.string() : z.string().overwrite(tidy);
  return tidied
    .max(max)
    .check(z.refine((value: string) => !forbidden.test(value), { message: controlCharacterIssue }));
}

/**
 * A required name (client, site, skill, tool…): single-spaced, so that "Construction  Bérubé" and
 * "Construction Bérubé" are one name for the unique checks (which also ignore case and accents).
 */
export function nameSchema(max: number) {
  return text(max, { tidy: singleSpaced }).min(1, { message: 'required' });
}

/**
 * The most words a search may have (each one is a condition on every row): a longer query is
 * refused by the list schemas (`too_many_words`), never searched on its first words only.
 */
export const maxSearchTerms = 8;

/** The `q` of the lists: free text whose words are at most `maxSearchTerms`. */
export const searchQuerySchema = text(200).check(
  z.refine((query: string) => searchTerms(query).length <= maxSearchTerms, { message: 'too_many_words' }),
);
