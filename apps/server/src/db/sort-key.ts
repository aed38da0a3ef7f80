import type { Column, SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';

/**
 * Accent- and case-free sort key, which puts "Bélanger" between "Beaulieu" and "Boucher" on
 * PGlite's C collation and PostgreSQL alike (no ICU collation needed). Lower-cased before
 * translating, so only lower-case accented letters need a mapping. The letters are written into the
 * SQL, not sent as parameters: an expression index serves only a query with the same expression.
 */
export function accentFreeSortKey(column: Column | SQL): SQL<string> {
  return sql<string>`translate(lower(${column}), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ', 'aaaaaaceeeeiiiinooooouuuuyyoa')`;
}
