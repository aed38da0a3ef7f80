// Apart from the schemas (text.ts) so that the web's pickers use the fold without loading zod.

/** Combining marks that NFKD splits off their letters (accents, cedillas, carons…). */
const combiningMarks = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;
/** Latin letters that no normalization splits into a base letter and a mark, in both cases. */
const undecomposedLetters: Record<string, string> = {
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  ħ: 'h',
  Ħ: 'h',
  ı: 'i',
  ŧ: 't',
  Ŧ: 't',
  ŋ: 'n',
  Ŋ: 'n',
  ĸ: 'k',
  œ: 'oe',
  Œ: 'oe',
  æ: 'ae',
  Æ: 'ae',
  ß: 'ss',
  ẞ: 'ss',
  þ: 'th',
  Þ: 'th',
};
const undecomposedLetter = new RegExp(`[${Object.keys(undecomposedLetters).join('')}]`, 'g');

/**
 * The one accent and case fold of the product, for uniqueness, search and sort: Unicode NFKD,
 * combining marks removed, ASCII letters lower-cased, the undecomposed Latin letters spelled out.
 * "Dvořák", "DVORAK" and a decomposed "Dvor\u030Cák" are all "dvorak"; "Œuvre" is "oeuvre".
 * It is the twin of the SQL function `accent_fold()` (migration 0005), on which the unique indexes
 * and the sort keys are built: a test holds them to the same answer, character for character. Only
 * ASCII letters change case, as SQL's lower() under the C collation does on every server.
 */
export function accentFold(value: string): string {
  return value
    .normalize('NFKD')
    .replace(combiningMarks, '')
    .replace(/[A-Z]+/g, (letters) => letters.toLowerCase())
    .replace(undecomposedLetter, (letter) => undecomposedLetters[letter] ?? letter);
}

/**
 * Search is accent- and case-insensitive: "hélène" finds "Helene". Rows keep a `search_text` column
 * made with `searchable()`, and queries are normalized the same way with `searchTerms()`: the
 * accent fold, with every run of spaces made one.
 */
export function normalizeForSearch(value: string): string {
  return accentFold(value).replace(/\s+/g, ' ').trim();
}
