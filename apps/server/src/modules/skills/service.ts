import {
  type DeleteOutcome,
  type SkillDetail,
  type SkillHolder,
  type SkillOption,
  type SkillPage,
  searchable,
  type skillCreateSchema,
  skillHoldersLimit,
  type skillListQuerySchema,
  type skillUpdateSchema,
} from '@brigade/shared';
import { and, asc, desc, eq, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { employeeSkills, employees, type SkillRow, skills, users } from '../../db/schema/index.ts';
import { addDays, companyToday, daysBetween } from '../../lib/calendar.ts';
import { isReferenced } from '../../lib/delete-or-archive.ts';
import { notFound } from '../../lib/errors.ts';
import { readAll } from '../../lib/executor.ts';
import {
  accentFreeSortKey,
  countRows,
  matchesSearch,
  pageOf,
  pageOffset,
  totalCount,
} from '../../lib/list.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import {
  activeEntries,
  activeLinkCounts,
  byEmployeeName,
  createEntry,
  deleteOrArchiveEntry,
  employeeLinkColumns,
  replaceEntry,
  serializeEntry,
} from '../catalog/index.ts';
import { skillsPolicy } from './policy.ts';

type ListQuery = z.output<typeof skillListQuerySchema>;
type CreateInput = z.output<typeof skillCreateSchema>;
type UpdateInput = z.output<typeof skillUpdateSchema>;
/** Every active skill, by French name: what pickers and filters offer. */
export async function listSkillOptions(db: Db, actor: Actor): Promise<{ items: SkillOption[] }> {
  authorize(actor, skillsPolicy.read);
  const { id, nameFr, nameEn, expirable, important } = skills;
  return { items: await activeEntries(db, skills, { id, nameFr, nameEn, expirable, important }) };
}

export async function listSkills(db: Db, actor: Actor, query: ListQuery): Promise<SkillPage> {
  authorize(actor, skillsPolicy.read);
  const filters: (SQL | undefined)[] = [matchesSearch(skills.searchText, query.q)];
  if (query.active !== 'all') filters.push(eq(skills.active, query.active === 'true'));
  if (query.important) filters.push(eq(skills.important, query.important === 'true'));

  const counted = activeLinkCounts(
    db,
    { table: employeeSkills, entryId: employeeSkills.skillId },
    'active_holders',
  );
  const holderCount = sql<number>`coalesce(${counted.n}, 0)`;
  const direction = query.order === 'desc' ? desc : asc;
  const byName = accentFreeSortKey(query.sort === 'nameEn' ? skills.nameEn : skills.nameFr);
  const order: SQL[] =
    query.sort === 'holderCount'
      ? [direction(holderCount), asc(accentFreeSortKey(skills.nameFr))]
      : query.sort === 'important'
        ? [direction(skills.important), asc(accentFreeSortKey(skills.nameFr))]
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
    .leftJoin(counted, eq(counted.id, skills.id))
    .where(and(...filters))
    .orderBy(...order)
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize));

  return pageOf(rows, query, countRows(db, skills, and(...filters)));
}

async function findSkill(db: Executor, id: string): Promise<SkillRow | undefined> {
  const [row] = await db.select().from(skills).where(eq(skills.id, id));
  return row;
}

const holderColumns = {
  ...employeeLinkColumns,
  obtainedOn: employeeSkills.obtainedOn,
  expiresOn: employeeSkills.expiresOn,
};

export async function getSkill(
  db: Db,
  actor: Actor,
  id: string,
  today = companyToday(),
): Promise<SkillDetail> {
  authorize(actor, skillsPolicy.read);
  const skill = await findSkill(db, id);
  if (!skill) throw notFound('Skill');
  return skillDetail(db, skill, today);
}

/**
 * The skill with its holders and expiring certificates. Holders and counts are of active employees
 * only (an archived worker is not placed, so their certificates need no renewal); whether it can be
 * deleted looks at every reference, archived workers included. A skill that does not expire has
 * nothing expiring, whatever its holders' rows say.
 */
async function skillDetail(db: Executor, skill: SkillRow, today: string): Promise<SkillDetail> {
  const horizon = addDays(today, 90);
  const d30 = addDays(today, 30);
  const d60 = addDays(today, 60);
  const held = and(eq(employeeSkills.skillId, skill.id), eq(users.active, true));
  const withDaysLeft = (row: Omit<SkillHolder, 'daysLeft'>): SkillHolder => ({
    ...row,
    daysLeft: row.expiresOn ? daysBetween(today, row.expiresOn) : null,
  });

  const [holders, expiringRows, [counts], referenced] = await readAll(db, [
    () =>
      db
        .select(holderColumns)
        .from(employeeSkills)
        .innerJoin(employees, eq(employees.userId, employeeSkills.employeeId))
        .innerJoin(users, eq(users.id, employees.userId))
        .where(held)
        .orderBy(...byEmployeeName)
        .limit(skillHoldersLimit),
    async () =>
      !skill.expirable
        ? []
        : db
            .select(holderColumns)
            .from(employeeSkills)
            .innerJoin(employees, eq(employees.userId, employeeSkills.employeeId))
            .innerJoin(users, eq(users.id, employees.userId))
            .where(and(held, isNotNull(employeeSkills.expiresOn), lte(employeeSkills.expiresOn, horizon)))
            .orderBy(
              asc(employeeSkills.expiresOn),
              asc(accentFreeSortKey(users.lastName)),
              asc(employees.userId),
            )
            .limit(skillHoldersLimit),
    () =>
      db
        .select({
          total: sql<number>`cast(count(*) as integer)`,
          expired: sql<number>`cast(count(*) filter (where ${employeeSkills.expiresOn} < ${today}) as integer)`,
          within30: sql<number>`cast(count(*) filter (where ${employeeSkills.expiresOn} >= ${today} and ${employeeSkills.expiresOn} <= ${d30}) as integer)`,
          within60: sql<number>`cast(count(*) filter (where ${employeeSkills.expiresOn} >= ${today} and ${employeeSkills.expiresOn} <= ${d60}) as integer)`,
          within90: sql<number>`cast(count(*) filter (where ${employeeSkills.expiresOn} >= ${today} and ${employeeSkills.expiresOn} <= ${horizon}) as integer)`,
        })
        .from(employeeSkills)
        .innerJoin(users, eq(users.id, employeeSkills.employeeId))
        .where(held),
    () => isReferenced(db, skills, 'id', skill.id),
  ]);

  const expiringCount = (count: number | undefined) => (skill.expirable ? (count ?? 0) : 0);
  return {
    ...serializeEntry(skill),
    holderCount: counts?.total ?? 0,
    holders: holders.map(withDaysLeft),
    expiring: {
      expired: expiringCount(counts?.expired),
      within30: expiringCount(counts?.within30),
      within60: expiringCount(counts?.within60),
      within90: expiringCount(counts?.within90),
      holders: expiringRows.map(withDaysLeft),
    },
    deletable: !referenced,
  };
}

function skillValues(input: CreateInput | UpdateInput) {
  return { ...input, searchText: searchable(input.nameFr, input.nameEn) };
}

export async function createSkill(db: Db, actor: Actor, input: CreateInput): Promise<SkillDetail> {
  authorize(actor, skillsPolicy.write);
  const change = { entity: 'skill' as const, actorId: actor.userId, values: skillValues(input) };
  return createEntry(db, skills, change, (tx, row) => skillDetail(tx, row, companyToday()));
}

/** PUT: the whole skill is replaced (`active: true` reactivates an archived one). */
export async function updateSkill(
  db: Db,
  actor: Actor,
  id: string,
  input: UpdateInput,
): Promise<SkillDetail> {
  authorize(actor, skillsPolicy.write);
  const change = {
    entity: 'skill' as const,
    actorId: actor.userId,
    id,
    values: skillValues(input),
    // A skill that no longer expires carries no expiry date on its holders.
    alsoChange: async (tx: Executor, after: SkillRow) => {
      const expiryDatesCleared = after.expirable ? 0 : await clearExpiryDates(tx, id);
      return expiryDatesCleared ? { expiryDatesCleared } : {};
    },
  };
  return replaceEntry(db, skills, change, (tx, row) => skillDetail(tx, row, companyToday()));
}

/** Removes the expiry dates of a skill's holders; says how many there were. */
async function clearExpiryDates(tx: Executor, skillId: string): Promise<number> {
  const cleared = await tx
    .update(employeeSkills)
    .set({ expiresOn: null })
    .where(and(eq(employeeSkills.skillId, skillId), isNotNull(employeeSkills.expiresOn)))
    .returning({ employeeId: employeeSkills.employeeId });
  return cleared.length;
}

/** Deletes the skill when nobody holds it, archives it (inactive) otherwise. */
export async function deleteSkill(db: Db, actor: Actor, id: string): Promise<DeleteOutcome> {
  authorize(actor, skillsPolicy.write);
  return deleteOrArchiveEntry(db, skills, { entity: 'skill', id, actorId: actor.userId });
}
