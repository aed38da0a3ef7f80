import type { MantineTheme } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CardField } from './CardFields.tsx';

/**
 * One column of a table of records, however it is shown: a list screen (DataTable, sorted and paged
 * by the server) or a record's own table (RecordTable: a client's sites, a skill's holders…), and
 * on phones, where both become one card per record with the columns as label/value pairs.
 *
 *   { accessor: 'name', title: t('clients.name'), sortable: true, ellipsis: true, width: '30%' }
 *   { accessor: 'dates', title: t('clients.site.dates'), noWrap: true, render: (site) => formatDateRange(…) }
 */
export interface Column<T> {
  /** The column's key; without `render`, the record's field it shows; in a list, the sort key too. */
  accessor: string;
  /** Header in the table, label in the phone cards. */
  title: ReactNode;
  /** The cell; default the record's field named by `accessor`. */
  render?: (record: T, index: number) => ReactNode;
  /** Codes and dates that must not break across lines (PO, 23/10/2026 – 12/12/2026, a badge). */
  noWrap?: boolean;
  textAlign?: 'left' | 'center' | 'right';
  /** A share of the table ('30%') for a column that gives way (`ellipsis`), or a fixed width. */
  width?: string | number;
  /** Cut with "…" rather than widen the table (a name, an e-mail; keep the full text in a `title`). */
  ellipsis?: boolean;
  /** Lists: the header sorts by `sortKey ?? accessor` (the API's `sort`). */
  sortable?: boolean;
  sortKey?: string;
  /** Lists: shown only when this media query matches (`fromLg`). */
  visibleMediaQuery?: (theme: MantineTheme) => string;
  /** Not in the phone cards (the card's title column is never repeated). */
  hiddenInCard?: boolean;
  /** Takes the whole width of a phone card (a date with its badge). */
  wideInCard?: boolean;
}

/** `visibleMediaQuery` of a column shown from Mantine's `lg` breakpoint only (an e-mail, a date). */
export const fromLg = (theme: MantineTheme) => `(min-width: ${theme.breakpoints.lg})`;

/** What a column shows for a record. */
export function cellValue<T>(column: Column<T>, record: T, index: number): ReactNode {
  if (column.render) return column.render(record, index);
  return String((record as Record<string, unknown>)[column.accessor] ?? '');
}

/** The label/value pairs of a record's phone card: its columns but the title and those hidden in cards. */
export function cardFields<T>(columns: Column<T>[], title: Column<T> | undefined, record: T, index: number) {
  return columns
    .filter((column) => column !== title && !column.hiddenInCard)
    .map(
      (column): CardField => ({
        key: column.accessor,
        label: column.title,
        value: cellValue(column, record, index),
        wide: column.wideInCard,
      }),
    );
}
