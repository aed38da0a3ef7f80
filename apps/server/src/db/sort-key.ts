import type { Column, SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';

/** The letters the key folds, and what each becomes (lower-case only: the key lower-cases first). */
const accented = 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ';
const plain = 'aaaaaaceeeeiiiinooooouuuuyyoa';

/**
 * Accent- and case-free key, which puts "Bélanger" between "Beaulieu" and "Boucher" on PGlite's C
 * collation and PostgreSQL alike (no ICU collation needed), and makes "Bérubé" and "BERUBE" one
 * name for the unique indexes. Lower-cased before translating, so only lower-case accented letters
 * need a mapping. The letters are written into the SQL, not sent as parameters: an expression
 * index serves only a query with the same expression (lower and translate are immutable, so the
 * expression can be indexed).
 */
export function accentFreeSortKey(value: Column | SQL): SQL<string> {
  return sql<string>`translate(lower(${value}), ${sql.raw(`'${accented}'`)}, ${sql.raw(`'${plain}'`)})`;
}

/** The same key computed in JavaScript, for code that compares names before writing them. */
export function accentFreeKey(value: string): string {
  let key = '';
  for (const letter of value.toLowerCase()) {
    const at = accented.indexOf(letter);
    key += at === -1 ? letter : plain[at];
  }
  return key;
}
