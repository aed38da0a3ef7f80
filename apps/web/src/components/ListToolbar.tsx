import { Button, CloseButton, Group, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListStateApi } from '../lib/listState.ts';

export interface ListToolbarProps {
  list: ListStateApi;
  /** The search box's accessible name and placeholder; default "Rechercher". */
  searchLabel?: string;
  /** Filter inputs (Selects…) shown after the search box; give each a label or aria-label. */
  children?: ReactNode;
  /** The create route, e.g. '/clients/create'; with `createLabel`, shows the primary button. */
  createHref?: string;
  /** e.g. t('clients.new') → "Nouveau client". */
  createLabel?: string;
}

/**
 * Search, filters and the "Nouveau …" button above a list.
 *
 *   <ListToolbar list={list} createHref="/clients/create" createLabel={t('titles.clientsCreate')}>
 *     <ActiveFilter list={list} />
 *   </ListToolbar>
 */
export function ListToolbar({ list, searchLabel, children, createHref, createLabel }: ListToolbarProps) {
  const { t } = useTranslation();
  const label = searchLabel ?? t('list.search');
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Group gap="sm" align="flex-end" wrap="wrap" style={{ flex: '1 1 auto' }}>
        <TextInput
          type="search"
          aria-label={label}
          placeholder={searchLabel ?? t('list.searchPlaceholder')}
          value={list.searchText}
          onChange={(event) => list.setSearchText(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            list.searchText ? (
              <CloseButton
                size="sm"
                aria-label={t('list.clearSearch')}
                onClick={() => list.setSearchText('')}
              />
            ) : null
          }
          w={{ base: '100%', xs: 300 }}
          data-testid="list-search"
        />
        {children}
      </Group>
      {createHref && createLabel ? (
        <Button component={Link} to={createHref} leftSection={<IconPlus size={18} aria-hidden />}>
          {createLabel}
        </Button>
      ) : null}
    </Group>
  );
}
