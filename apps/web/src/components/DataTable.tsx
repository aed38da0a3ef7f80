import 'mantine-datatable/styles.layer.css';
import type { Page } from '@brigade/shared/list';
import { pageSizes } from '@brigade/shared/list';
import {
  type DataTableColumn,
  type DataTableSortStatus,
  DataTable as MantineDataTable,
} from 'mantine-datatable';
import { type KeyboardEvent, type MouseEvent, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ListStateApi } from '../lib/listState.ts';

export type { DataTableColumn } from 'mantine-datatable';

export interface DataTableProps<T> {
  /** mantine-datatable columns; `sortable: true` columns sort by `sortKey ?? accessor` (the API's `sort`). */
  columns: DataTableColumn<T>[];
  /** The list's URL state (`useListState`). */
  list: ListStateApi;
  /** The list query (`useQuery(listQueryOptions(…))`). */
  query: { data?: Page<T> | undefined; isFetching: boolean };
  /** The table's accessible name, e.g. the page title. */
  label: string;
  /** Where a row leads (click, or Enter on the focused row). */
  rowHref?: (record: T) => string;
  /** Record id; default 'id'. */
  idAccessor?: keyof T | ((record: T) => React.Key);
  /** Below this width the table scrolls sideways (phones). Default 640 px. */
  minWidth?: number;
}

const interactive = 'a, button, input, select, textarea, label, [role="button"], [role="checkbox"]';

/**
 * The server-paged, sortable list table of every list screen.
 *
 *   const list = useListState({ sort: 'name' });
 *   const query = useQuery(listQueryOptions<ClientRow>(['clients'], '/clients', list.params));
 *   <DataTable label={t('titles.clients')} list={list} query={query} rowHref={(c) => `/clients/${c.id}`}
 *     columns={[{ accessor: 'name', title: t('clients.name'), sortable: true },
 *               { accessor: 'city', title: t('clients.city'), render: (c) => c.city ?? '—' }]} />
 *
 * Page, page size (25/50/100) and sort live in the URL; the previous rows stay while the next page
 * loads; rows open their `rowHref` on click (Ctrl/⌘-click: new tab) or with Enter.
 */
export function DataTable<T>({
  columns,
  list,
  query,
  label,
  rowHref,
  idAccessor,
  minWidth = 640,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const records = query.data?.items ?? [];
  const total = query.data?.total ?? 0;

  // A page past the end (rows deleted, a link from before): go to the last page.
  const lastPage = Math.max(1, Math.ceil(total / list.pageSize));
  const { page, setPage } = list;
  useEffect(() => {
    if (query.data && page > lastPage) setPage(lastPage);
  }, [query.data, page, lastPage, setPage]);

  const sortStatus = useMemo<DataTableSortStatus<T>>(() => {
    const column = columns.find((c) => (c.sortKey ?? String(c.accessor)) === list.sort);
    return {
      columnAccessor: column ? column.accessor : list.sort,
      sortKey: list.sort,
      direction: list.order,
    };
  }, [columns, list.sort, list.order]);

  const open = (record: T, newTab: boolean) => {
    if (!rowHref) return;
    const href = rowHref(record);
    if (newTab) window.open(href, '_blank', 'noopener');
    else navigate(href);
  };

  return (
    <MantineDataTable<T>
      aria-label={label}
      columns={columns}
      records={records}
      idAccessor={(idAccessor ?? 'id') as keyof T}
      totalRecords={total}
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
      fetching={query.isFetching}
      loadingText={t('list.loading')}
      loaderBackgroundBlur={0.5}
      noRecordsText={t('list.noResults')}
      minHeight={records.length === 0 ? 200 : undefined}
      withTableBorder
      borderRadius="sm"
      striped
      highlightOnHover
      verticalSpacing={6}
      horizontalSpacing="sm"
      fz="sm"
      styles={{ table: { minWidth } }}
      onRowClick={
        rowHref
          ? ({ record, event }: { record: T; event: MouseEvent }) => {
              if ((event.target as HTMLElement).closest(interactive)) return;
              open(record, event.ctrlKey || event.metaKey);
            }
          : undefined
      }
      customRowAttributes={
        rowHref
          ? (record: T) => ({
              tabIndex: 0,
              'data-href': rowHref(record),
              onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
                if (event.key === 'Enter' && event.target === event.currentTarget) {
                  event.preventDefault();
                  open(record, event.ctrlKey || event.metaKey);
                }
              },
            })
          : undefined
      }
    />
  );
}
