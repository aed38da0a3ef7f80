import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../lib/queries.ts';

export interface ClientPickerProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: string | null;
  onChange: (clientId: string | null) => void;
  /** The chosen client's name when the form opens (an edit), so it shows before any search. */
  initialName?: string;
  /** Active clients only (a new order); all for filters and blacklists. */
  activeOnly?: boolean;
}

/**
 * A client, searched on the server as one types (accents and case ignored): an agency has hundreds
 * of clients, more than a list loaded up front would hold. The chosen one keeps its name.
 */
export function ClientPicker({
  value,
  onChange,
  initialName,
  activeOnly = false,
  ...props
}: ClientPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const found = useQuery({
    ...endpointQuery('GET /clients', {
      query: { q: q || undefined, pageSize: 20, sort: 'name', active: activeOnly ? 'true' : 'all' },
    }),
    meta: { silent: true },
  });
  const [chosen, setChosen] = useState(value && initialName ? { value, label: initialName } : null);
  const data = useMemo(() => {
    const options = (found.data?.items ?? []).map((client) => ({ value: client.id, label: client.name }));
    return chosen && !options.some((option) => option.value === chosen.value)
      ? [chosen, ...options]
      : options;
  }, [found.data, chosen]);
  return (
    <Select
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={found.isFetching ? t('common.loading') : t('list.noResults')}
      data={data}
      value={value || null}
      onChange={(id, option) => {
        setChosen(id ? option : null);
        onChange(id);
      }}
      {...props}
    />
  );
}
