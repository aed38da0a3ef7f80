import type { ApplicantListItem, applicantListQuerySchema, Page } from '@brigade/shared';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { applicantSkills, applicants } from '../../db/schema/index.ts';
import { matchesSearch, pageOffset, rowCount } from '../../lib/list.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { applicantsPolicy } from './policy.ts';
import { skillsOfApplicants, toListItem } from './read.ts';

type ListQuery = z.output<typeof applicantListQuerySchema>;

/** One page of applicants: search (names, phone, e-mail, city), status, source and skill filters. */
export async function listApplicants(
  db: Db,
  actor: Actor,
  query: ListQuery,
): Promise<Page<ApplicantListItem>> {
  authorize(actor, applicantsPolicy.list);
  const where: (SQL | undefined)[] = [matchesSearch(applicants.searchText, query.q)];
  if (query.status) where.push(eq(applicants.status, query.status));
  if (query.source) where.push(eq(applicants.source, query.source));
  if (query.skillId) {
    where.push(
      sql`exists (select 1 from ${applicantSkills} where ${applicantSkills.applicantId} = ${applicants.id} and ${applicantSkills.skillId} = ${query.skillId})`,
    );
  }
  const direction = query.order === 'desc' ? desc : asc;
  const order =
    query.sort === 'lastName'
      ? [direction(applicants.searchText)]
      : query.sort === 'status'
        ? [direction(applicants.status), desc(applicants.updatedAt)]
        : query.sort === 'availableOn'
          ? [sql`${applicants.availableOn} ${sql.raw(query.order)} nulls last`]
          : query.sort === 'createdAt'
            ? [direction(applicants.createdAt)]
            : [direction(applicants.updatedAt)];
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(applicants)
      .where(and(...where))
      .orderBy(...order, asc(applicants.id))
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    db
      .select({ n: rowCount })
      .from(applicants)
      .where(and(...where)),
  ]);
  const skillMap = await skillsOfApplicants(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => toListItem(row, skillMap.get(row.id) ?? [])),
    total: count?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
