import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError, isUniqueViolation, violatedConstraint } from '../../lib/errors.ts';

/**
 * Helpers shared by the catalog modules (skills and tools).
 */

/** Sort key of a name: lower-case, French accents folded, so "Électricité" sorts among the E's on any collation. */
export function nameSortKey(column: AnyPgColumn): SQL<string> {
  return sql<string>`translate(lower(${column}), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ', 'aaaaaaceeeeiiiinooooouuuuyyoa')`;
}

/** Today, the company's calendar day (America/Toronto), as yyyy-MM-dd. */
export function companyToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(now);
}

/** yyyy-MM-dd plus `days`. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is past). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Turns a unique violation of one of the name indexes into 409 NAME_NOT_UNIQUE naming the field;
 * `clash` finds the field when the driver does not tell the index.
 */
export async function asNameConflict(
  error: unknown,
  indexes: { nameFr: string; nameEn: string },
  clash: () => Promise<'nameFr' | 'nameEn' | null>,
): Promise<never> {
  if (!isUniqueViolation(error)) throw error;
  const index = violatedConstraint(error);
  const field =
    index === indexes.nameFr ? 'nameFr' : index === indexes.nameEn ? 'nameEn' : ((await clash()) ?? 'nameFr');
  throw nameNotUnique(field);
}

export function nameNotUnique(field: 'nameFr' | 'nameEn'): AppError {
  return new AppError('NAME_NOT_UNIQUE', 'Name must be unique', { field });
}

/**
 * Runs a DELETE whose foreign keys are RESTRICT. PostgreSQL reports those as restrict_violation
 * (23001), which lib/delete-or-archive.ts does not recognise (it expects 23503): pass it on as a
 * foreign-key violation so that the record is archived instead.
 */
export async function restrictedDelete(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } } | null;
    if (e?.code === '23001' || e?.cause?.code === '23001') {
      throw Object.assign(new Error('Still referenced', { cause: error }), { code: '23503' });
    }
    throw error;
  }
}
