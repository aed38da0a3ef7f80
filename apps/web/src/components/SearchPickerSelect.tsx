import { type ComboboxItem, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accentInsensitiveFilter } from '../lib/optionsFilter.ts';

export interface SearchPickerProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: string | null;
  /** The chosen one's id, and its label (to show it elsewhere, e.g. while it waits to be sent). */
  onChange: (id: string | null, label?: string) => void;
  /** The chosen one's label when the form opens (an edit), so it shows before any search. */
  initialLabel?: string;
}

export type SearchPickerSelectProps<Page, Item, Key extends QueryKey> = SearchPickerProps & {
  search: (q: string | undefined) => UseQueryOptions<Page, Error, Page, Key>;
  toOption: (item: Item) => ComboboxItem;
  /** What was typed before the picker's code was there (SearchPicker.tsx), searched at once. */
  initialSearch?: string;
};

/**
 * One record among hundreds, searched on the server as one types (`search(q)` gives the query,
 * `toOption` its label): more than a list loaded up front would hold. The previous answer stays on
 * screen while the next comes, filtered here by what is typed, so the options never blank out nor
 * show names that no longer match (a click on one as it vanished would land on the page and close
 * the list). The chosen one keeps its label. Drawn by SearchPicker once its code is there.
 */
export default function SearchPickerSelect<Page extends { items: Item[] }, Item, Key extends QueryKey>({
  value,
  onChange,
  initialLabel,
  initialSearch,
  search,
  toOption,
  ...props
}: SearchPickerSelectProps<Page, Item, Key>) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  // What was typed before the picker's code was there: given once the picker is drawn (Mantine's
  // Select empties its search as it mounts with nothing chosen).
  useEffect(() => {
    if (initialSearch) setTyped(initialSearch);
  }, [initialSearch]);
  const [q] = useDebouncedValue(typed, 250);
  const found = useQuery({
    ...search(q || undefined),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const stale = found.isPlaceholderData || typed !== q;
  // The one picked here keeps the label it was picked with. Before any pick, the value given shows
  // `initialLabel` whenever it comes: an edit's at once, a draft's restored after the picker was
  // first drawn (the logger's defaults, asked for with its code, can be there before the draft).
  const [picked, setPicked] = useState<ComboboxItem | null>(null);
  const chosen = useMemo(
    () =>
      picked
        ? picked.value === value
          ? picked
          : null
        : value && initialLabel
          ? { value, label: initialLabel }
          : null,
    [picked, value, initialLabel],
  );
  const data = useMemo(() => {
    const options = (found.data?.items ?? []).map(toOption);
    return chosen && !options.some((option) => option.value === chosen.value)
      ? [chosen, ...options]
      : options;
  }, [found.data, chosen, toOption]);
  return (
    <Select
      searchable
      searchValue={typed}
      onSearchChange={setTyped}
      filter={(input) => (stale ? accentInsensitiveFilter(input) : input.options)}
      nothingFoundMessage={found.isFetching ? t('common.loading') : t('list.noResults')}
      data={data}
      value={value || null}
      onChange={(id, option) => {
        setPicked(id ? option : null);
        onChange(id, id ? option?.label : undefined);
      }}
      {...props}
    />
  );
}
