import type {
  DeleteOutcome,
  HolidayOverride,
  HolidayOverrideInputParsed,
  HolidayYear,
} from '@brigade/shared';
import {
  companyVacations,
  effectiveHolidays,
  holidayKeys,
  summerVacation,
  winterVacation,
} from '@brigade/shared';
import { between, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { holidayOverrides } from '../../db/schema/index.ts';
import { AppError, fieldError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { recordAudit } from '../audit/index.ts';
import { holidaysPolicy } from './policy.ts';

function toOverride(row: typeof holidayOverrides.$inferSelect): HolidayOverride {
  return {
    id: row.id,
    calendar: row.calendar,
    year: row.year,
    kind: row.kind,
    holidayKey: row.holidayKey,
    date: row.date,
    nameFr: row.nameFr,
    nameEn: row.nameEn,
  };
}

/** The office's overrides of the years from–to (the rules that read a range call this once). */
export async function loadOverrides(
  db: Executor,
  fromYear: number,
  toYear: number,
): Promise<HolidayOverride[]> {
  const rows = await db
    .select()
    .from(holidayOverrides)
    .where(between(holidayOverrides.year, fromYear, toYear));
  return rows.map(toOverride);
}

export async function getHolidayYear(db: Db, actor: Actor, year: number): Promise<HolidayYear> {
  authorize(actor, holidaysPolicy.read);
  const overrides = await loadOverrides(db, year, year);
  return {
    year,
    quebec: effectiveHolidays('quebec', year, overrides),
    construction: effectiveHolidays('construction', year, overrides),
    constructionVacations: [summerVacation(year), winterVacation(year)],
    companyVacations: companyVacations(year),
    overrides,
  };
}

/**
 * Moves or removes a computed holiday of a year (one change per holiday: undo it to change it
 * again), or adds a company day off. A moved holiday stays in its year.
 */
export async function createOverride(
  db: Db,
  actor: Actor,
  input: HolidayOverrideInputParsed,
): Promise<HolidayOverride> {
  authorize(actor, holidaysPolicy.write);
  const values =
    input.kind === 'add'
      ? {
          calendar: input.calendar,
          year: Number(input.date.slice(0, 4)),
          kind: input.kind,
          date: input.date,
          nameFr: input.nameFr,
          nameEn: input.nameEn,
        }
      : {
          calendar: input.calendar,
          year: input.year,
          kind: input.kind,
          holidayKey: input.holidayKey,
          date: input.kind === 'move' ? input.date : null,
        };
  if (input.kind === 'move' && Number(input.date.slice(0, 4)) !== input.year) {
    throw fieldError('date', 'other_year');
  }
  if (input.kind !== 'add' && !holidayKeys.includes(input.holidayKey as never)) {
    throw fieldError('holidayKey', 'not_found');
  }
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(holidayOverrides)
        .values({ ...values, createdBy: actor.userId })
        .returning();
      if (!row) throw new Error('override not inserted');
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'holiday_override.create',
        entity: 'holiday_override',
        entityId: row.id,
        after: row,
      });
      return toOverride(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', 'This day is already changed', { reason: 'holiday_already_changed' });
    }
    throw error;
  }
}

export async function deleteOverride(db: Db, actor: Actor, id: string): Promise<DeleteOutcome> {
  authorize(actor, holidaysPolicy.write);
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(holidayOverrides).where(eq(holidayOverrides.id, id)).returning();
    if (!before) throw notFound('Holiday override');
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'holiday_override.delete',
      entity: 'holiday_override',
      entityId: id,
      before,
    });
  });
  return { outcome: 'deleted' };
}
