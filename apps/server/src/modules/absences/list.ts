import type { Absence, absenceListQuerySchema, Page } from '@brigade/shared';
import { and, asc, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { absences } from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { matchesSearch, pageOffset } from '../../lib/list.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { absencesPolicy } from './policy.ts';
import { employeeSearchText, selectAbsences, toAbsence } from './read.ts';

type ListQuery = z.output<typeof absenceListQuerySchema>;

/** The absences that touch the period from–to (either bound may be open). */
export function touchesPeriod(from: string | undefined, to: string | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(sql`(${absences.endsOn} is null or ${absences.endsOn} >= ${from})`);
  if (to) conditions.push(sql`${absences.startsOn} <= ${to}`);
  return conditions;
}

/**
 * One page of absences. The default order ("relevance") is what the office looks for first: the
 * days away that include today, then the upcoming ones (soonest first), then the rest (most
 * recent first) — blacklists among the rest, by their start.
 */
export async function listAbsences(db: Db, actor: Actor, query: ListQuery): Promise<Page<Absence>> {
  authorize(actor, absencesPolicy.list);
  const today = companyToday();
  const where: (SQL | undefined)[] = [
    matchesSearch(employeeSearchText, query.q),
    ...touchesPeriod(query.from, query.to),
  ];
  if (query.type === 'away') where.push(ne(absences.type, 'blacklist'));
  else if (query.type) where.push(eq(absences.type, query.type));
  if (query.employeeId) where.push(eq(absences.employeeId, query.employeeId));
  if (query.clientId) where.push(eq(absences.clientId, query.clientId));

  const direction = query.order === 'desc' ? desc : asc;
  const order: SQL[] =
    query.sort === 'relevance'
      ? [
          sql`case when ${absences.type} <> 'blacklist' and ${absences.startsOn} <= ${today} and ${absences.endsOn} >= ${today} then 0 when ${absences.startsOn} > ${today} then 1 else 2 end`,
          sql`case when ${absences.startsOn} > ${today} then ${absences.startsOn} end asc`,
          sql`${absences.startsOn} desc`,
        ]
      : query.sort === 'employee'
        ? [direction(employeeSearchText)]
        : query.sort === 'type'
          ? [direction(absences.type), desc(absences.startsOn)]
          : query.sort === 'endsOn'
            ? [sql`${absences.endsOn} ${sql.raw(query.order)} nulls last`]
            : [direction(absences.startsOn)];

  const rows = await selectAbsences(db)
    .where(and(...where))
    .orderBy(...order, asc(absences.id))
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize));
  let total = rows[0]?.total ?? 0;
  if (!rows.length && query.page > 1) {
    const [counted] = await selectAbsences(db)
      .where(and(...where))
      .limit(1);
    total = counted?.total ?? 0;
  }
  return {
    items: rows.map((row) => toAbsence(row, today)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
