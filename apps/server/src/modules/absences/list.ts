import type { Absence, absenceListQuerySchema, Page } from '@brigade/shared';
import { healthAbsenceTypes } from '@brigade/shared/enums';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { absences } from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { matchesSearch, pageOffset, rowCount } from '../../lib/list.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { absencesPolicy } from './policy.ts';
import { employeeUser, selectAbsences, toAbsence } from './read.ts';

type ListQuery = z.output<typeof absenceListQuerySchema>;

/** The absences that touch the period from–to (either bound may be open). */
export function touchesPeriod(from: string | undefined, to: string | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(sql`(${absences.endsOn} is null or ${absences.endsOn} >= ${from})`);
  if (to) conditions.push(sql`${absences.startsOn} <= ${to}`);
  return conditions;
}

type Where = (SQL | undefined)[];

/** The three parts of the default order, each read in an order an index serves. */
function relevanceParts(today: string) {
  const current = sql`${absences.type} <> 'blacklist' and daterange(${absences.startsOn}, ${absences.endsOn}, '[]') @> ${today}::date`;
  return [
    // Away today, the latest gone first.
    { where: current, order: [desc(absences.startsOn)] },
    // Upcoming, soonest first.
    { where: sql`${absences.startsOn} > ${today}`, order: [asc(absences.startsOn)] },
    // Everything else (past days away, blacklists), most recent first.
    { where: sql`${absences.startsOn} <= ${today} and not (${current})`, order: [desc(absences.startsOn)] },
  ];
}

/**
 * One page of absences. The default order ("relevance") is what the office looks for first: the
 * days away that include today, then the upcoming ones (soonest first), then the rest (most
 * recent first) — blacklists among the rest, by their start. Read part after part, each from an
 * index, so that a page costs the same with 100,000 absences as with 100.
 */
/** The type as the list shows it: sorting by type does not tell the health-related ones apart. */
const shownTypeSql = sql`case when ${inArray(absences.type, [...healthAbsenceTypes])} then 'absent' else ${absences.type} end`;

export async function listAbsences(db: Db, actor: Actor, query: ListQuery): Promise<Page<Absence>> {
  authorize(actor, absencesPolicy.list);
  const today = companyToday();
  const where: Where = [
    matchesSearch(employeeUser.searchText, query.q),
    ...touchesPeriod(query.from, query.to),
  ];
  if (query.type === 'away') where.push(ne(absences.type, 'blacklist'));
  else if (query.type === 'absent') where.push(inArray(absences.type, [...healthAbsenceTypes]));
  else if (query.type) where.push(eq(absences.type, query.type));
  if (query.employeeId) where.push(eq(absences.employeeId, query.employeeId));
  if (query.clientId) where.push(eq(absences.clientId, query.clientId));

  // Ids and counts come from absences alone (joined to the employee's account only to search or
  // sort by name); the page's rows then get their names: joins for one page, not for everyone.
  const byName = Boolean(query.q) || query.sort === 'employee';
  const idsWhere = (extra: SQL | undefined, order: SQL[], offset: number, limit: number) => {
    const ids = db.select({ id: absences.id }).from(absences);
    return (byName ? ids.innerJoin(employeeUser, eq(employeeUser.id, absences.employeeId)) : ids)
      .where(and(...where, extra))
      .orderBy(...order, asc(absences.id))
      .limit(limit)
      .offset(offset);
  };
  const countWhere = async (extra?: SQL) => {
    const counted = db.select({ n: rowCount }).from(absences);
    const [row] = await (query.q
      ? counted.innerJoin(employeeUser, eq(employeeUser.id, absences.employeeId))
      : counted
    ).where(and(...where, extra));
    return row?.n ?? 0;
  };

  const offset = pageOffset(query.page, query.pageSize);
  const total = await countWhere();
  const pageIds: string[] = [];
  if (query.sort === 'relevance') {
    // Skip `offset` rows across the parts in order, then take the page's rows from as many parts
    // as it spans; a part is counted only when the page starts after it.
    let skip = offset;
    for (const part of relevanceParts(today)) {
      const wanted = query.pageSize - pageIds.length;
      if (wanted <= 0) break;
      const rows = await idsWhere(part.where, part.order, skip, wanted);
      pageIds.push(...rows.map((row) => row.id));
      skip = rows.length ? 0 : Math.max(0, skip - (await countWhere(part.where)));
    }
  } else {
    const direction = query.order === 'desc' ? desc : asc;
    const order =
      query.sort === 'employee'
        ? [direction(employeeUser.searchText), direction(absences.employeeId), desc(absences.startsOn)]
        : query.sort === 'type'
          ? [direction(shownTypeSql), desc(absences.startsOn)]
          : query.sort === 'endsOn'
            ? [sql`${absences.endsOn} ${sql.raw(query.order)} nulls last`]
            : [direction(absences.startsOn)];
    pageIds.push(...(await idsWhere(undefined, order, offset, query.pageSize)).map((row) => row.id));
  }

  const found = pageIds.length ? await selectAbsences(db).where(inArray(absences.id, pageIds)) : [];
  const byId = new Map(found.map((row) => [row.absence.id, row]));
  return {
    items: pageIds.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toAbsence(row, today, 'listed')] : [];
    }),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
