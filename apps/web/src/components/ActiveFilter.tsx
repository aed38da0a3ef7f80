import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ListStateApi } from '../lib/listState.ts';

/**
 * The common "Actifs / Inactifs / Tous" filter (`active=true|false|all`); declare it in the list's
 * defaults: `useListState({ filters: { active: 'true' } })`.
 *
 *   <ListToolbar list={list} …><ActiveFilter list={list} /></ListToolbar>
 */
export function ActiveFilter({ list, filterKey = 'active' }: { list: ListStateApi; filterKey?: string }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('list.active.label')}
      data={(['true', 'false', 'all'] as const).map((value) => ({ value, label: t(`list.active.${value}`) }))}
      value={list.filters[filterKey] || 'all'}
      onChange={(value) => list.setFilter(filterKey, value ?? 'all')}
      allowDeselect={false}
      w={{ base: '100%', xs: 160 }}
    />
  );
}
