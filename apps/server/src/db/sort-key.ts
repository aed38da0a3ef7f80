import type { Column, SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';

/**
 * Accent- and case-free key of a name: `accent_fold()`, the SQL function of migration 0005 (Unicode
 * NFKD, combining marks removed, ASCII letters lower-cased, the Latin letters that do not decompose
 * spelled out: ø, ł, đ, œ, æ, ß, þ…), whose JavaScript twin is `accentFold` (@brigade/shared). It
 * puts "Bélanger" between "Beaulieu" and "Boucher" on PGlite's C collation and PostgreSQL alike (no
 * ICU collation needed), and makes "Dvořák", "DVORAK" and a decomposed "Dvor\u030Cák" one name for
 * the unique indexes. The function is immutable, so the expression can be indexed; an expression
 * index serves only a query written with the same expression, which is why every query goes
 * through here.
 */
export function accentFreeSortKey(value: Column | SQL): SQL<string> {
  return sql<string>`accent_fold(${value})`;
}
