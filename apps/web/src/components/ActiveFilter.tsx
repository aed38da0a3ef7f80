import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ListStateApi } from '../lib/listState.ts';

export interface FilterSelectProps extends Omit<SelectProps, 'label' | 'list'> {
  list: ListStateApi;
  /** The URL key of the filter, declared in `useListState({ filters })`. */
  filterKey: string;
  /** What it filters ("Compétence"): the accessible name, and the placeholder unless one is given. */
  label: string;
  /**
   * Inside the "Filtres" popover of ListToolbar: the label is shown above the select and its options
   * open inside the popover (a click on an option must not count as a click outside it).
   */
  inPopover?: boolean;
}

/**
 * A list filter kept in the URL. On the toolbar's row it has no visible label (the placeholder and
 * the chosen value say what it is) so that every filter fits on one line at 1080 px.
 *
 *   <FilterSelect list={list} filterKey="province" label={t('form.province')} data={provinceOptions} searchable />
 */
export function FilterSelect({
  list,
  filterKey,
  label,
  inPopover,
  placeholder,
  w,
  ...props
}: FilterSelectProps) {
  const { t } = useTranslation();
  const value = list.filters[filterKey] ?? '';
  return (
    <Select
      aria-label={inPopover ? undefined : label}
      label={inPopover ? label : undefined}
      placeholder={placeholder ?? label}
      value={value || null}
      onChange={(next) => list.setFilter(filterKey, next ?? '')}
      clearable
      nothingFoundMessage={t('list.noResults')}
      w={inPopover ? '100%' : (w ?? { base: 'calc(50% - 4px)', sm: 170 })}
      comboboxProps={inPopover ? { withinPortal: false } : { width: 'max-content', position: 'bottom-start' }}
      data-filter={filterKey}
      {...props}
    />
  );
}

/**
 * The common "Actifs / Inactifs / Actifs et inactifs" filter (`active=true|false|all`); declare it
 * in the list's defaults: `useListState({ filters: { active: 'true' } })`.
 */
export function ActiveFilter({
  list,
  filterKey = 'active',
  label,
  inPopover,
}: {
  list: ListStateApi;
  filterKey?: string;
  /** Default "Statut". */
  label?: string;
  inPopover?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FilterSelect
      list={list}
      filterKey={filterKey}
      label={label ?? t('list.active.label')}
      inPopover={inPopover}
      data={(['true', 'false', 'all'] as const).map((value) => ({ value, label: t(`list.active.${value}`) }))}
      // Always a value: "Actifs et inactifs" is a choice, not a cleared filter.
      value={list.filters[filterKey] || 'all'}
      onChange={(value) => list.setFilter(filterKey, value ?? 'all')}
      clearable={false}
      allowDeselect={false}
      // On the toolbar's row: narrower than other filters, its short options at the select's width.
      {...(inPopover ? {} : { w: { base: 'calc(50% - 4px)', sm: 150 }, comboboxProps: {} })}
    />
  );
}

/**
 * The client filter of a list (`clientId`), searchable by name among `clients` (the feature's list
 * of client options; none while it loads).
 *
 *   <ClientFilter list={list} clients={clients.data?.items} label={t('orders.client')} placeholder={t('orders.allClients')} />
 */
export function ClientFilter({
  list,
  clients,
  label,
  placeholder,
  width = 170,
}: {
  list: ListStateApi;
  clients: readonly { id: string; name: string }[] | undefined;
  label: string;
  placeholder: string;
  /** Its width from `sm` up (half the row on phones). */
  width?: number;
}) {
  return (
    <FilterSelect
      list={list}
      filterKey="clientId"
      label={label}
      placeholder={placeholder}
      searchable
      data={(clients ?? []).map((client) => ({ value: client.id, label: client.name }))}
      w={{ base: 'calc(50% - 4px)', sm: width }}
    />
  );
}
