import {
  type DeleteOutcome,
  type Role,
  type SkillDetail,
  type SkillHolder,
  type SkillListItem,
  type SkillPage,
  searchable,
  type skillCreateSchema,
  skillHoldersLimit,
  type skillListQuerySchema,
  type skillUpdateSchema,
} from '@brigade/shared';
import { and, asc, desc, eq, isNotNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { employeeSkills, employees, type SkillRow, skills, users } from '../../db/schema/index.ts';
import { deleteOrArchive } from '../../lib/delete-or-archive.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { matchesSearch, pageOffset, totalCount } from '../../lib/list.ts';
import { recordAudit } from '../audit/service.ts';
import {
  addDays,
  asNameConflict,
  companyToday,
  daysBetween,
  nameNotUnique,
  nameSortKey,
  restrictedDelete,
} from './common.ts';
import { canListSkills, canManageSkills, canReadSkill } from './policy.ts';

type ListQuery = z.output<typeof skillListQuerySchema>;
type CreateInput = z.output<typeof skillCreateSchema>;
type UpdateInput = z.output<typeof skillUpdateSchema>;
interface Actor {
  userId: string;
  role: Role;
}

const nameIndexes = { nameFr: 'skills_name_fr_lower_key', nameEn: 'skills_name_en_lower_key' };

/** Number of employees holding the skill of the current row. */
const holderCount = sql<number>`(select cast(count(*) as integer) from ${employeeSkills} where ${employeeSkills.skillId} = ${skills.id})`;

export async function listSkills(db: Db, actor: Actor, query: ListQuery): Promise<SkillPage> {
  if (!canListSkills(actor.role)) throw forbidden();
  const filters: (SQL | undefined)[] = [matchesSearch(skills.searchText, query.q)];
  if (query.active !== 'all') filters.push(eq(skills.active, query.active === 'true'));
  if (query.important) filters.push(eq(skills.important, query.important === 'true'));

  const direction = query.order === 'desc' ? desc : asc;
  const byName = nameSortKey(query.sort === 'nameEn' ? skills.nameEn : skills.nameFr);
  const order: SQL[] =
    query.sort === 'holderCount'
      ? [direction(holderCount), asc(nameSortKey(skills.nameFr))]
      : query.sort === 'important'
        ? [direction(skills.important), asc(nameSortKey(skills.nameFr))]
        : [direction(byName)];
  order.push(asc(skills.id));

  const rows = await db
    .select({
      id: skills.id,
      nameFr: skills.nameFr,
      nameEn: skills.nameEn,
      expirable: skills.expirable,
      important: skills.important,
      active: skills.active,
      holderCount,
      total: totalCount,
    })
    .from(skills)
    .where(and(...filters))
    .orderBy(...order)
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize));

  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    // Past the last page: still tell how many rows match.
    const [row] = await db
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(skills)
      .where(and(...filters));
    total = row?.n ?? 0;
  }
  const items: SkillListItem[] = rows.map(({ total: _total, ...item }) => item);
  return { items, total, page: query.page, pageSize: query.pageSize };
}

async function findSkill(db: Executor, id: string): Promise<SkillRow | undefined> {
  const [row] = await db.select().from(skills).where(eq(skills.id, id));
  return row;
}

const holderColumns = {
  employeeId: employees.userId,
  employeeNumber: employees.employeeNumber,
  firstName: users.firstName,
  lastName: users.lastName,
  obtainedOn: employeeSkills.obtainedOn,
  expiresOn: employeeSkills.expiresOn,
};

export async function getSkill(
  db: Db,
  actor: Actor,
  id: string,
  today = companyToday(),
): Promise<SkillDetail> {
  if (!canReadSkill(actor.role)) throw forbidden();
  const skill = await findSkill(db, id);
  if (!skill) throw notFound('Skill');
  return skillDetail(db, skill, today);
}

async function skillDetail(db: Executor, skill: SkillRow, today: string): Promise<SkillDetail> {
  const horizon = addDays(today, 90);
  const d30 = addDays(today, 30);
  const d60 = addDays(today, 60);
  const held = eq(employeeSkills.skillId, skill.id);
  const withDaysLeft = (row: Omit<SkillHolder, 'daysLeft'>): SkillHolder => ({
    ...row,
    daysLeft: row.expiresOn ? daysBetween(today, row.expiresOn) : null,
  });

  const [holders, expiringRows, [counts]] = await Promise.all([
    db
      .select(holderColumns)
      .from(employeeSkills)
      .innerJoin(employees, eq(employees.userId, employeeSkills.employeeId))
      .innerJoin(users, eq(users.id, employees.userId))
      .where(held)
      .orderBy(
        asc(nameSortKey(users.lastName)),
        asc(nameSortKey(users.firstName)),
        asc(employees.employeeNumber),
      )
      .limit(skillHoldersLimit),
    db
      .select(holderColumns)
      .from(employeeSkills)
      .innerJoin(employees, eq(employees.userId, employeeSkills.employeeId))
      .innerJoin(users, eq(users.id, employees.userId))
      .where(and(held, isNotNull(employeeSkills.expiresOn), lte(employeeSkills.expiresOn, horizon)))
      .orderBy(asc(employeeSkills.expiresOn), asc(nameSortKey(users.lastName)), asc(employees.userId))
      .limit(skillHoldersLimit),
    db
      .select({
        total: sql<number>`cast(count(*) as integer)`,
        expired: sql<number>`cast(count(*) filter (where ${employeeSkills.expiresOn} < ${today}) as integer)`,
        within30: sql<number>`cast(count(*) filter (where ${employeeSkills.expiresOn} >= ${today} and ${employeeSkills.expiresOn} <= ${d30}) as integer)`,
        within60: sql<number>`cast(count(*) filter (where ${employeeSkills.expiresOn} >= ${today} and ${employeeSkills.expiresOn} <= ${d60}) as integer)`,
        within90: sql<number>`cast(count(*) filter (where ${employeeSkills.expiresOn} >= ${today} and ${employeeSkills.expiresOn} <= ${horizon}) as integer)`,
      })
      .from(employeeSkills)
      .where(held),
  ]);

  return {
    ...serializeSkill(skill),
    holderCount: counts?.total ?? 0,
    holders: holders.map(withDaysLeft),
    expiring: {
      expired: counts?.expired ?? 0,
      within30: counts?.within30 ?? 0,
      within60: counts?.within60 ?? 0,
      within90: counts?.within90 ?? 0,
      holders: expiringRows.map(withDaysLeft),
    },
    deletable: (counts?.total ?? 0) === 0,
  };
}

function serializeSkill(row: SkillRow) {
  return {
    id: row.id,
    nameFr: row.nameFr,
    nameEn: row.nameEn,
    expirable: row.expirable,
    important: row.important,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Which name (if any) another skill already has, whatever its case. */
async function nameClash(
  db: Executor,
  names: { nameFr?: string; nameEn?: string },
  exceptId?: string,
): Promise<'nameFr' | 'nameEn' | null> {
  for (const field of ['nameFr', 'nameEn'] as const) {
    const value = names[field];
    if (value === undefined) continue;
    const column = skills[field];
    const [row] = await db
      .select({ id: skills.id })
      .from(skills)
      .where(and(sql`lower(${column}) = lower(${value})`, exceptId ? ne(skills.id, exceptId) : undefined))
      .limit(1);
    if (row) return field;
  }
  return null;
}

export async function createSkill(db: Db, actor: Actor, input: CreateInput): Promise<SkillDetail> {
  if (!canManageSkills(actor.role)) throw forbidden();
  const clash = await nameClash(db, input);
  if (clash) throw nameNotUnique(clash);
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(skills)
        .values({ ...input, searchText: searchable(input.nameFr, input.nameEn) })
        .returning();
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'skill.create',
        entity: 'skill',
        entityId: created!.id,
        after: created,
      });
      return skillDetail(tx, created!, companyToday());
    });
  } catch (error) {
    return asNameConflict(error, nameIndexes, () => nameClash(db, input));
  }
}

export async function updateSkill(
  db: Db,
  actor: Actor,
  id: string,
  input: UpdateInput,
): Promise<SkillDetail> {
  if (!canManageSkills(actor.role)) throw forbidden();
  const before = await findSkill(db, id);
  if (!before) throw notFound('Skill');
  const clash = await nameClash(db, input, id);
  if (clash) throw nameNotUnique(clash);
  const nameFr = input.nameFr ?? before.nameFr;
  const nameEn = input.nameEn ?? before.nameEn;
  try {
    return await db.transaction(async (tx) => {
      const [after] = await tx
        .update(skills)
        .set({ ...input, searchText: searchable(nameFr, nameEn), updatedAt: new Date() })
        .where(eq(skills.id, id))
        .returning();
      if (!after) throw notFound('Skill');
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'skill.update',
        entity: 'skill',
        entityId: id,
        before,
        after,
      });
      return skillDetail(tx, after, companyToday());
    });
  } catch (error) {
    return asNameConflict(error, nameIndexes, () => nameClash(db, input, id));
  }
}

/** Deletes the skill when nobody holds it, archives it (inactive) otherwise. */
export async function deleteSkill(db: Db, actor: Actor, id: string): Promise<DeleteOutcome> {
  if (!canManageSkills(actor.role)) throw forbidden();
  const before = await findSkill(db, id);
  if (!before) throw notFound('Skill');
  return deleteOrArchive(db, {
    async remove(tx) {
      await restrictedDelete(() => tx.delete(skills).where(eq(skills.id, id)));
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'skill.delete',
        entity: 'skill',
        entityId: id,
        before,
      });
    },
    async archive(tx) {
      const [after] = await tx
        .update(skills)
        .set({ active: false, updatedAt: new Date() })
        .where(eq(skills.id, id))
        .returning();
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'skill.archive',
        entity: 'skill',
        entityId: id,
        before,
        after,
      });
    },
  });
}
