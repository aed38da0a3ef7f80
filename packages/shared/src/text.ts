import { z } from 'zod';
import { normalizeForSearch } from './normalize.ts';

// Kept apart from the schemas below so that the web's pickers use it without loading zod.
export { normalizeForSearch } from './normalize.ts';

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
    .filter((term) => term.length > 0)
    .slice(0, 8);
}

/** Trims and turns every run of spaces (tabs, new lines…) into one space. */
export function singleSpaced(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/**
 * A required name (client, site, skill, tool…): single-spaced, so that "Construction  Bérubé" and
 * "Construction Bérubé" are one name for the unique checks (which also ignore case and accents).
 */
export function nameSchema(max: number) {
  return z.string().overwrite(singleSpaced).min(1, { message: 'required' }).max(max);
}
