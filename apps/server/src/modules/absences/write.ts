import type { Absence, AbsenceInputParsed, DeleteOutcome } from '@brigade/shared';
import { timeToMinutes } from '@brigade/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { absences, clients, employees, sites, users } from '../../db/schema/index.ts';
import type { ColumnsOf } from '../../lib/columns.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { exclusiveTransaction } from '../../lib/exclusive.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { recordAudit, updateAudited } from '../audit/index.ts';
import { absencesPolicy } from './policy.ts';
import { findAbsence } from './read.ts';

/**
 * What the schema cannot know: the employee exists and is active (locked for the rest of the
 * transaction, so two absences of one employee are checked one after the other), a blacklist's
 * client exists and the site is one of its sites, and no other day away of the employee touches
 * these days (a blacklist is not about days).
 */
async function checkAbsence(tx: Tx, input: AbsenceInputParsed, ownId: string | null) {
  const [employee] = await tx
    .select({ active: users.active })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(employees.userId, input.employeeId))
    .for('update', { of: employees })
    .limit(1);
  if (!employee) throw fieldError('employeeId', 'not_found');
  if (!employee.active) throw new AppError('EMPLOYEE_ARCHIVED', 'This employee is archived');

  if (input.clientId) {
    const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, input.clientId));
    if (!client) throw fieldError('clientId', 'not_found');
    if (input.siteId) {
      const [site] = await tx
        .select({ clientId: sites.clientId })
        .from(sites)
        .where(eq(sites.id, input.siteId));
      if (!site) throw fieldError('siteId', 'not_found');
      if (site.clientId !== input.clientId) throw fieldError('siteId', 'not_of_client');
    }
  }

  if (input.type !== 'blacklist' && input.endsOn) {
    const [overlap] = await tx
      .select({ id: absences.id, type: absences.type, startsOn: absences.startsOn, endsOn: absences.endsOn })
      .from(absences)
      .where(
        and(
          eq(absences.employeeId, input.employeeId),
          ne(absences.type, 'blacklist'),
          ownId ? ne(absences.id, ownId) : undefined,
          sql`${absences.startsOn} <= ${input.endsOn}`,
          sql`${absences.endsOn} >= ${input.startsOn}`,
        ),
      )
      .orderBy(absences.startsOn)
      .limit(1);
    if (overlap) throw overlapError(overlap);
  }
}

function overlapError(absence?: { id: string; type: string; startsOn: string; endsOn: string | null }) {
  return new AppError(
    'ABSENCE_OVERLAP',
    'The employee is already away on some of these days',
    absence ? { absence } : undefined,
  );
}

function toColumns(input: AbsenceInputParsed) {
  const blacklist = input.type === 'blacklist';
  return {
    employeeId: input.employeeId,
    type: input.type,
    startsOn: input.startsOn,
    endsOn: input.endsOn,
    fromMinute: input.fromTime ? timeToMinutes(input.fromTime) : null,
    toMinute: input.toTime ? timeToMinutes(input.toTime) : null,
    clientId: blacklist ? (input.clientId ?? null) : null,
    siteId: blacklist ? (input.siteId ?? null) : null,
    reason: input.reason,
  } satisfies ColumnsOf<AbsenceInputParsed, 'fromTime' | 'toTime'>;
}

export async function createAbsence(db: Db, actor: Actor, input: AbsenceInputParsed): Promise<Absence> {
  authorize(actor, absencesPolicy.write);
  const id = await exclusiveTransaction(
    db,
    async (tx) => {
      await checkAbsence(tx, input, null);
      const [row] = await tx
        .insert(absences)
        .values({ ...toColumns(input), createdBy: actor.userId })
        .returning();
      if (!row) throw new Error('absence not inserted');
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'absence.create',
        entity: 'absence',
        entityId: row.id,
        after: row,
      });
      return row.id;
    },
    overlapError,
  );
  return (await findAbsence(db, id)) as Absence;
}

export async function updateAbsence(
  db: Db,
  actor: Actor,
  id: string,
  input: AbsenceInputParsed,
): Promise<Absence> {
  authorize(actor, absencesPolicy.write);
  await exclusiveTransaction(
    db,
    async (tx) => {
      const [before] = await tx.select().from(absences).where(eq(absences.id, id)).for('update');
      if (!before) throw notFound('Absence');
      await checkAbsence(tx, input, id);
      const change = { actorId: actor.userId, entity: 'absence', before };
      await updateAudited(tx, absences, change, { ...toColumns(input), updatedAt: new Date() });
    },
    overlapError,
  );
  return (await findAbsence(db, id)) as Absence;
}

export async function deleteAbsence(db: Db, actor: Actor, id: string): Promise<DeleteOutcome> {
  authorize(actor, absencesPolicy.write);
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(absences).where(eq(absences.id, id)).returning();
    if (!before) throw notFound('Absence');
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'absence.delete',
      entity: 'absence',
      entityId: id,
      before,
    });
  });
  return { outcome: 'deleted' };
}
