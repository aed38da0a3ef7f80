import {
  type SkillDetail,
  type SkillHolder,
  searchable,
  skillHoldersLimit,
  type skillListQuerySchema,
  type skillUpdateSchema,
} from '@brigade/shared';
import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { employeeSkills, employees, type SkillRow, skills, users } from '../../db/schema/index.ts';
import { addDays, companyToday, daysBetween } from '../../lib/calendar.ts';
import { isReferenced } from '../../lib/delete-or-archive.ts';
import { readAll } from '../../lib/executor.ts';
import { accentFreeSortKey } from '../../lib/list.ts';
import { byEmployeeName, catalogService, employeeLinkColumns, serializeEntry } from '../catalog/index.ts';
import { skillsPolicy } from './policy.ts';

/** The skills catalogue; besides the tools' behaviour, skills can expire (certificates to renew). */
export const skillsCatalog = catalogService({
  table: skills,
  entity: 'skill',
  policy: skillsPolicy,
  optionColumns: {
    id: skills.id,
    nameFr: skills.nameFr,
    nameEn: skills.nameEn,
    expirable: skills.expirable,
    important: skills.important,
  },
  listColumns: {
    id: skills.id,
    nameFr: skills.nameFr,
    nameEn: skills.nameEn,
    expirable: skills.expirable,
    important: skills.important,
    active: skills.active,
  },
  links: {
    table: employeeSkills,
    entryId: employeeSkills.skillId,
    countKey: 'holderCount',
    alias: 'active_holders',
  },
  filters: (query: z.output<typeof skillListQuerySchema>) => [
    query.important ? eq(skills.important, query.important === 'true') : undefined,
  ],
  sortColumns: { important: skills.important },
  searchText: (input: z.output<typeof skillUpdateSchema>) => searchable(input.nameFr, input.nameEn),
  detail: (db, skill) => skillDetail(db, skill, companyToday()),
  // A skill that no longer expires carries no expiry date on its holders.
  alsoChange: async (tx, after) => {
    const expiryDatesCleared = after.expirable ? 0 : await clearExpiryDates(tx, after.id);
    return expiryDatesCleared ? { expiryDatesCleared } : {};
  },
});

const holderColumns = {
  ...employeeLinkColumns,
  obtainedOn: employeeSkills.obtainedOn,
  expiresOn: employeeSkills.expiresOn,
};

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

/** Removes the expiry dates of a skill's holders; says how many there were. */
async function clearExpiryDates(tx: Executor, skillId: string): Promise<number> {
  const cleared = await tx
    .update(employeeSkills)
    .set({ expiresOn: null })
    .where(and(eq(employeeSkills.skillId, skillId), isNotNull(employeeSkills.expiresOn)))
    .returning({ employeeId: employeeSkills.employeeId });
  return cleared.length;
}
