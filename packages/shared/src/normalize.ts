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
