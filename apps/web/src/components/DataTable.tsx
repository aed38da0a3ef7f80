import 'mantine-datatable/styles.layer.css';
import { pageSizes } from '@brigade/shared/enums';
import type { Page } from '@brigade/shared/list';
import { Group, NativeSelect, Pagination, Stack, Text } from '@mantine/core';
import {
  type DataTableColumn,
  type DataTableSortStatus,
  DataTable as MantineDataTable,
} from 'mantine-datatable';
import {
  type KeyboardEvent,
  type MouseEvent,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isFirstScreen } from '../lib/firstScreen.ts';
import type { ListStateApi } from '../lib/listState.ts';
import { CardFields } from './CardFields.tsx';
import { type Column, cardFields, cellValue } from './columns.ts';
import classes from './DataTable.module.css';
import { EmptyState } from './EmptyState.tsx';
import { ListLoadError, ListSkeleton } from './ListLoading.tsx';
import { useCardLayout } from './useCardLayout.ts';

export interface DataTableProps<T> {
  /** `sortable: true` columns sort by `sortKey ?? accessor` (the API's `sort`); `ellipsis: true` on
   * the column that should give way (a name) keeps every row on one line. */
  columns: Column<T>[];
  /** The list's URL state (`useListState`). */
  list: ListStateApi;
  /** The list query (`useQuery(listQuery(…))`). */
  query: {
    data?: Page<T> | undefined;
    isFetching: boolean;
    error?: unknown;
    refetch?: () => unknown;
  };
  /** The table's accessible name, e.g. the page title. */
  label: string;
  /** Where a row leads (click, or Enter on the focused row). */
  rowHref: (record: T) => string;
  /** The accessor of the column that names a record (the card's title on phones); default the first. */
  titleColumn?: string;
  /** Record id; default 'id'. */
  idAccessor?: keyof T | ((record: T) => React.Key);
  /** Below this width the table scrolls sideways. Default 640 px. */
  minWidth?: number;
}

/** A list query as it is before its first answer. */
const withoutRows = <Q extends { data?: unknown }>(query: Q): Q => ({ ...query, data: undefined });

const interactive = 'a, button, input, select, textarea, label, [role="button"], [role="checkbox"]';

/**
 * The server-paged, sortable list of every list screen: a table from 48em, stacked cards on phones.
 *
 *   const list = useListState({ sort: 'name' });
 *   const query = useQuery(listQuery('GET /clients', list.params));
 *   <DataTable label={t('titles.clients')} list={list} query={query} rowHref={(c) => `/clients/${c.id}`}
 *     columns={[{ accessor: 'name', title: t('clients.name'), sortable: true, ellipsis: true },
 *               { accessor: 'city', title: t('address.city'), render: (c) => c.city ?? '—' }]} />
 *
 * Columns are `Column`s (components/columns.ts), as in RecordTable. Page, page size (25/50/100)
 * and sort live in the URL. A first load shows skeleton rows; the previous rows stay (dimmed) while
 * the next page loads; a load that fails says why, with Retry, never "no result". Keyboard: the
 * table body is one Tab stop (roving focus), ↑/↓/Home/End move between rows, Enter opens (Ctrl/⌘:
 * new tab); a click opens too. An empty list offers to clear the search and filters, or to create
 * the first record (ListPage's `create`).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  // The rows are drawn from a deferred copy of the answer: React draws a page of rows in the
  // background, in slices, and keeps the screen answering meanwhile (a phone drawing 25 cards in
  // one go froze for a quarter of a second). The whole answer is deferred, not only its rows: the
  // table never shows new totals with the old rows.
  // On the app's first screen, even the first rows come in that second pass: the page's frame (its
  // title, search and placeholder rows) paints first, while the phone is still busy starting the
  // app, instead of after a page of rows (Lighthouse's first paint of the title came 1.5 s later).
  const [firstScreen] = useState(isFirstScreen);
  const query = useDeferredValue(props.query, firstScreen ? withoutRows(props.query) : undefined);
  const { list } = props;
  const cards = useCardLayout();
  const total = query.data?.total ?? 0;

  // A page past the end (rows deleted, a link from before): go to the last page.
  const lastPage = Math.max(1, Math.ceil(total / list.pageSize));
  const { page, setPage } = list;
  useEffect(() => {
    if (query.data && page > lastPage) setPage(lastPage);
  }, [query.data, page, lastPage, setPage]);

  const failed = query.error ? <ListLoadError error={query.error} onRetry={() => query.refetch?.()} /> : null;
  if (!query.data)
    return failed ?? <ListSkeleton columns={props.columns} label={props.label} cards={cards} />;
  return (
    <>
      {failed}
      {total === 0 ? (
        <EmptyState list={list} />
      ) : cards ? (
        <ListCards {...props} query={query} />
      ) : (
        <ListTable {...props} query={query} />
      )}
    </>
  );
}

/**
 * Dimmed while the next rows come, and from the keystroke on: the rows shown no longer answer what
 * is typed (the search is sent 250 ms after the last key).
 */
const isBusy = (query: DataTableProps<unknown>['query'], list: ListStateApi) =>
  Boolean(query.isFetching) || list.searchPending;

function useSortStatus<T>(columns: Column<T>[], list: ListStateApi): DataTableSortStatus<T> {
  return useMemo(() => {
    const column = columns.find((c) => (c.sortKey ?? String(c.accessor)) === list.sort);
    return {
      columnAccessor: column ? column.accessor : list.sort,
      sortKey: list.sort,
      direction: list.order,
    };
  }, [columns, list.sort, list.order]);
}

function useOpen<T>(rowHref: (record: T) => string) {
  const navigate = useNavigate();
  return (record: T, newTab: boolean) => {
    const href = rowHref(record);
    if (newTab) window.open(href, '_blank', 'noopener');
    else navigate(href);
  };
}

function ListTable<T>({
  columns,
  list,
  query,
  label,
  rowHref,
  idAccessor,
  minWidth = 640,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const records = query.data?.items ?? [];
  const busy = isBusy(query, list);
  const sortStatus = useSortStatus(columns, list);
  const open = useOpen(rowHref);
  const tableRef = useRef<HTMLTableElement>(null as unknown as HTMLTableElement);
  // Roving focus: only one row is in the Tab order; arrows move it. Fewer rows than the last
  // focused index (a shorter page): the last row is the tab stop.
  const [focusedIndex, setFocusIndex] = useState(0);
  const rowCount = records.length;
  const focusIndex = Math.min(focusedIndex, Math.max(0, rowCount - 1));

  // mantine-datatable makes a sortable header cell itself a button, with English icon labels and
  // no aria-sort. Keep the cell a column header that says its sort (aria-sort), and make its
  // content the button (Enter and clicks still reach the cell's own handlers). Patched on mount,
  // when the sort changes (mantine-datatable rewrites the sort icons), and when header cells come
  // and go inside mantine-datatable (a `visibleMediaQuery` column shown on a wider window).
  // biome-ignore lint/correctness/useExhaustiveDependencies: columns are a new array each render, their sortable set fixed
  useEffect(() => {
    const thead = tableRef.current?.querySelector('thead');
    if (!thead) return;
    const patch = () => {
      for (const th of thead.querySelectorAll<HTMLTableCellElement>('th[data-accessor]')) {
        const column = columns.find((c) => String(c.accessor) === th.dataset.accessor);
        if (!column?.sortable) continue;
        const sorted = (column.sortKey ?? String(column.accessor)) === list.sort;
        th.setAttribute('aria-sort', sorted ? (list.order === 'desc' ? 'descending' : 'ascending') : 'none');
        th.removeAttribute('role');
        th.removeAttribute('tabindex');
        const button = th.querySelector<HTMLElement>('.mantine-datatable-header-cell-sortable-group');
        button?.setAttribute('role', 'button');
        button?.setAttribute('tabindex', '0');
        for (const icon of th.querySelectorAll('[role="img"]')) {
          icon.removeAttribute('role');
          icon.removeAttribute('aria-label');
          icon.setAttribute('aria-hidden', 'true');
        }
      }
    };
    patch();
    // Only added and removed nodes: the patch's own attribute changes do not call it again.
    const observer = new MutationObserver(patch);
    observer.observe(thead, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [list.sort, list.order]);

  const moveFocus = (from: HTMLTableRowElement, index: number) => {
    const rows = from.parentElement?.querySelectorAll<HTMLTableRowElement>(':scope > tr[data-href]');
    const target = rows?.[Math.min(Math.max(index, 0), (rows?.length ?? 1) - 1)];
    target?.focus();
  };

  return (
    <MantineDataTable<T>
      className={classes.table}
      tableRef={tableRef}
      aria-label={label}
      columns={columns.map(
        ({ hiddenInCard: _hidden, wideInCard: _wide, render, ...column }) =>
          ({
            ...column,
            render: (record: T, index: number) => cellValue({ ...column, render }, record, index),
            // A column that never wraps takes just its content's width (1%): the room left goes to
            // the `ellipsis` columns, the names.
            width: column.noWrap && column.width === undefined ? '1%' : column.width,
          }) as DataTableColumn<T>,
      )}
      records={records}
      idAccessor={(idAccessor ?? 'id') as keyof T}
      totalRecords={query.data?.total ?? 0}
      page={list.page}
      onPageChange={list.setPage}
      recordsPerPage={list.pageSize}
      recordsPerPageOptions={[...pageSizes]}
      onRecordsPerPageChange={list.setPageSize}
      recordsPerPageLabel={t('list.pageSize')}
      paginationText={({ from, to, totalRecords }) =>
        t('list.paginationText', { from, to, total: totalRecords })
      }
      getPaginationControlProps={(control) => ({ 'aria-label': t(`list.${control}Page`) })}
      getPaginationItemProps={(item) => ({ 'aria-label': t('list.goToPage', { page: item }) })}
      sortStatus={sortStatus}
      onSortStatusChange={(status) =>
        list.setSort(status.sortKey ?? String(status.columnAccessor), status.direction)
      }
      aria-busy={busy}
      data-fetching={busy || undefined}
      withTableBorder
      borderRadius="sm"
      striped
      highlightOnHover
      verticalSpacing={6}
      horizontalSpacing="sm"
      fz="sm"
      styles={{ table: { minWidth } }}
      onRowClick={({ record, event }: { record: T; event: MouseEvent }) => {
        if ((event.target as HTMLElement).closest(interactive)) return;
        open(record, event.ctrlKey || event.metaKey);
      }}
      customRowAttributes={(record: T, index: number) => ({
        tabIndex: index === focusIndex ? 0 : -1,
        'data-href': rowHref(record),
        onFocus: (event: React.FocusEvent<HTMLTableRowElement>) => {
          if (event.target === event.currentTarget) setFocusIndex(index);
        },
        onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
          if (event.target !== event.currentTarget) return;
          const moves: Record<string, number> = {
            ArrowDown: index + 1,
            ArrowUp: index - 1,
            Home: 0,
            End: rowCount - 1,
            PageDown: index + 10,
            PageUp: index - 10,
          };
          if (event.key in moves) {
            event.preventDefault();
            moveFocus(event.currentTarget, moves[event.key]!);
          } else if (event.key === 'Enter') {
            event.preventDefault();
            open(record, event.ctrlKey || event.metaKey);
          }
        },
      })}
    />
  );
}

/** Phones: one card per record, its title a link, the other columns as label/value pairs. */
function ListCards<T>({ columns, list, query, label, rowHref, titleColumn, idAccessor }: DataTableProps<T>) {
  const { t } = useTranslation();
  const records = query.data?.items ?? [];
  const busy = isBusy(query, list);
  const total = query.data?.total ?? 0;
  const title = columns.find((c) => c.accessor === titleColumn) ?? columns[0]!;
  const sortable = columns.filter((c) => c.sortable);
  const keyOf = (record: T, index: number): React.Key => {
    if (typeof idAccessor === 'function') return idAccessor(record);
    const key = (record as Record<string, unknown>)[String(idAccessor ?? 'id')];
    return typeof key === 'string' || typeof key === 'number' ? key : index;
  };
  const from = (list.page - 1) * list.pageSize + 1;
  const to = Math.min(total, list.page * list.pageSize);
  const columnTitle = (column: Column<T>) =>
    typeof column.title === 'string' ? column.title : String(column.accessor);

  return (
    <Stack gap="xs">
      {sortable.length > 0 ? (
        // The phone's own pickers: a wheel or a sheet the thumb knows, and no popover, portal and
        // positioning engine mounted with the first cards (each set state inside React's commit).
        <Group gap="xs" wrap="nowrap">
          <NativeSelect
            label={t('list.sortBy')}
            size="xs"
            style={{ flex: 1 }}
            data={sortable.map((c) => ({ value: c.sortKey ?? String(c.accessor), label: columnTitle(c) }))}
            value={list.sort}
            onChange={(event) => list.setSort(event.currentTarget.value)}
          />
          <NativeSelect
            label={t('list.order')}
            size="xs"
            w={130}
            data={[
              { value: 'asc', label: t('list.ascending') },
              { value: 'desc', label: t('list.descending') },
            ]}
            value={list.order}
            onChange={(event) => list.setOrder(event.currentTarget.value as 'asc' | 'desc')}
          />
        </Group>
      ) : null}
      <ul
        className={classes.cards}
        aria-label={label}
        aria-busy={busy}
        data-fetching={busy || undefined}
        data-testid="list-cards"
      >
        {records.map((record, index) => (
          // Plain elements (see CardFields): one card per record of the page.
          <li key={keyOf(record, index)} className={classes.card} data-testid="list-card">
            <Link to={rowHref(record)} className={classes.cardLink}>
              <span className={classes.cardTitle}>{cellValue(title, record, index)}</span>
            </Link>
            <CardFields fields={cardFields(columns, title, record, index)} />
          </li>
        ))}
      </ul>
      <Stack gap={6} align="center">
        <Text size="sm" c="dimmed">
          {t('list.paginationText', { from, to, total })}
        </Text>
        {total > list.pageSize ? (
          <Pagination
            size="sm"
            total={Math.ceil(total / list.pageSize)}
            value={list.page}
            onChange={list.setPage}
            siblings={0}
            getControlProps={(control) => ({ 'aria-label': t(`list.${control}Page`) })}
            getItemProps={(item) => ({ 'aria-label': t('list.goToPage', { page: item }) })}
          />
        ) : null}
      </Stack>
    </Stack>
  );
}
