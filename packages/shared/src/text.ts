/**
 * Search is accent- and case-insensitive: "hélène" finds "Helene". Rows keep a `search_text` column
 * made with `searchable()`, and queries are normalized the same way with `searchTerms()`.
 */
export function normalizeForSearch(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The search text of a record: its parts (names, e-mail, phone, number…) normalized and joined. */
export function searchable(...parts: (string | null | undefined)[]): string {
  return normalizeForSearch(parts.filter((part): part is string => Boolean(part)).join(' '));
}

/** The words of a query, each of which must appear in the record's search text. */
export function searchTerms(query: string | undefined): string[] {
  if (!query) return [];
  return normalizeForSearch(query)
    .split(' ')
    .filter((term) => term.length > 0)
    .slice(0, 8);
}
