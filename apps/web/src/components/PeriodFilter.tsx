import type { ListStateApi } from '../lib/listState.ts';
import { DateField } from './DateField.tsx';

// Apart from ActiveFilter.tsx: the date pickers (@mantine/dates and its styles) load only with the
// lists that filter by period, not with every list that has an active filter.

/**
 * A period filter of a list: "Du" and "Au" dates kept in the URL as `from` and `to` (declare them
 * in `useListState({ filters })`); "Au" cannot be set before "Du".
 *
 *   <PeriodFilter list={list} fromLabel={t('orders.from')} toLabel={t('orders.to')} />
 */
export function PeriodFilter({
  list,
  fromLabel,
  toLabel,
  // A date ("28/11/2026") and its clear button whole, at the desktop's font.
  width = 150,
}: {
  list: ListStateApi;
  fromLabel: string;
  toLabel: string;
  /** Each date's width from `sm` up (half the row on phones). */
  width?: number;
}) {
  const w = { base: 'calc(50% - 4px)', sm: width };
  return (
    <>
      <DateField
        aria-label={fromLabel}
        placeholder={fromLabel}
        value={list.filters.from || null}
        onChange={(value) => list.setFilter('from', value ?? '')}
        w={w}
        data-testid="filter-from"
      />
      <DateField
        aria-label={toLabel}
        placeholder={toLabel}
        value={list.filters.to || null}
        onChange={(value) => list.setFilter('to', value ?? '')}
        minDate={list.filters.from || undefined}
        w={w}
        data-testid="filter-to"
      />
    </>
  );
}
