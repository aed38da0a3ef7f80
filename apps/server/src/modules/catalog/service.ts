import type { DeleteOutcome } from '@brigade/shared';
import { and, asc, type Column, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db, Executor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import {
  accentFreeSortKey,
  countRows,
  matchesSearch,
  pageOf,
  pageOffset,
  totalCount,
} from '../../lib/list.ts';
import { type Actor, authorize, type Rule } from '../../lib/policy.ts';
import {
  activeEntries,
  activeLinkCounts,
  type CatalogTable,
  createEntry,
  deleteOrArchiveEntry,
  replaceEntry,
} from './entries.ts';

/** The list query every catalog takes; each adds its own filters and sort keys. */
export interface CatalogListQuery {
  q?: string | undefined;
  active: 'true' | 'false' | 'all';
  sort: string;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/**
 * The service of one catalog (skills, tools): the options for pickers, the list (search, filters,
 * sort, pages, with each entry's count of active holders), the detail, create, replace and
 * delete-or-archive, each guarded by the catalog's policy. `spec` says what sets the catalog apart.
 */
export function catalogService<
  Table extends CatalogTable,
  Query extends CatalogListQuery,
  Input extends Table['$inferInsert'],
  OptionColumns extends SelectedFields,
  ListColumns extends SelectedFields,
  CountKey extends string,
  Detail,
>(spec: {
  table: Table;
  /** The audit's entity: `skill` or `tool`. */
  entity: 'skill' | 'tool';
  /** Who may read the catalog and who may change it. */
  policy: { read: Rule; write: Rule };
  /** What pickers and filters offer of each active entry. */
  optionColumns: OptionColumns;
  /** The columns of a list row, besides the count of the entry's active holders (or owners). */
  listColumns: ListColumns;
  /** Who holds (or owns) the entries, and the name of their count in a list row (also a sort key). */
  links: Parameters<typeof activeLinkCounts>[1] & { countKey: CountKey; alias: string };
  /** The list's own filters, besides the search and `active`. */
  filters?: (query: Query) => (SQL | undefined)[];
  /** The list's own sort keys, besides the names and the count: each sorts then by French name. */
  sortColumns?: Partial<Record<Query['sort'], Column>>;
  /** The accent-free text the list's search reads. */
  searchText: (input: Input) => string;
  /** The entry as GET /:id answers it, as POST and PUT do. */
  detail: (db: Executor, row: Table['$inferSelect']) => Promise<Detail>;
  /** What replacing an entry entails elsewhere, in its transaction (see `replaceEntry`). */
  alsoChange?: (tx: Executor, after: Table['$inferSelect']) => Promise<Record<string, unknown>>;
}) {
  const { table, entity, policy, links } = spec;
  const values = (input: Input) => ({ ...input, searchText: spec.searchText(input) });
  type ListItem = SelectResultFields<ListColumns> & Record<CountKey, number>;

  return {
    policy,

    /** Every active entry, by French name: what pickers and filters offer. */
    async listOptions(db: Db, actor: Actor): Promise<{ items: SelectResultFields<OptionColumns>[] }> {
      authorize(actor, policy.read);
      return { items: await activeEntries(db, table, spec.optionColumns) };
    },

    async list(db: Db, actor: Actor, query: Query) {
      authorize(actor, policy.read);
      const filters: (SQL | undefined)[] = [matchesSearch(table.searchText, query.q)];
      if (query.active !== 'all') filters.push(eq(table.active, query.active === 'true'));
      filters.push(...(spec.filters?.(query) ?? []));

      const counted = activeLinkCounts(db, links, links.alias);
      const linkCount = sql<number>`coalesce(${counted.n}, 0)`;
      const direction = query.order === 'desc' ? desc : asc;
      const sortColumn =
        query.sort === links.countKey ? linkCount : spec.sortColumns?.[query.sort as Query['sort']];
      const order: SQL[] = sortColumn
        ? [direction(sortColumn), asc(accentFreeSortKey(table.nameFr))]
        : [direction(accentFreeSortKey(query.sort === 'nameEn' ? table.nameEn : table.nameFr))];
      order.push(asc(table.id));

      // The count's key is the catalog's own (`holderCount`, `ownerCount`), which Drizzle types loosely.
      const rows = (await db
        .select({ ...spec.listColumns, [links.countKey]: linkCount, total: totalCount })
        .from(table as CatalogTable)
        .leftJoin(counted, eq(counted.id, table.id))
        .where(and(...filters))
        .orderBy(...order)
        .limit(query.pageSize)
        .offset(pageOffset(query.page, query.pageSize))) as (ListItem & { total: number })[];
      return pageOf(rows, query, countRows(db, table, and(...filters)));
    },

    async get(db: Db, actor: Actor, id: string): Promise<Detail> {
      authorize(actor, policy.read);
      const [row] = await db
        .select()
        .from(table as CatalogTable)
        .where(eq(table.id, id));
      if (!row) throw notFound(entity === 'skill' ? 'Skill' : 'Tool');
      return spec.detail(db, row as Table['$inferSelect']);
    },

    async create(db: Db, actor: Actor, input: Input): Promise<Detail> {
      authorize(actor, policy.write);
      return createEntry(db, table, { entity, actorId: actor.userId, values: values(input) }, spec.detail);
    },

    /** PUT: the whole entry is replaced (`active: true` reactivates an archived one). */
    async update(db: Db, actor: Actor, id: string, input: Input): Promise<Detail> {
      authorize(actor, policy.write);
      const change = {
        entity,
        actorId: actor.userId,
        id,
        values: values(input),
        alsoChange: spec.alsoChange,
      };
      return replaceEntry(db, table, change, spec.detail);
    },

    /** Deletes the entry when nobody holds (or owns) it, archives it (inactive) otherwise. */
    async remove(db: Db, actor: Actor, id: string): Promise<DeleteOutcome> {
      authorize(actor, policy.write);
      return deleteOrArchiveEntry(db, table, { entity, id, actorId: actor.userId });
    },
  };
}
