import { Badge, Button, CloseButton, Group, Popover, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListStateApi } from '../lib/listState.ts';

export interface ListToolbarProps {
  list: ListStateApi;
  /** The search box's accessible name; default "Rechercher". */
  searchLabel?: string;
  /** Short placeholder of the search box (what it searches); default "Rechercher…". */
  searchPlaceholder?: string;
  /** Filters shown on the toolbar's row, after the search box: `<FilterSelect>`s, `<ActiveFilter>`. */
  children?: ReactNode;
  /** Filters used less often, in a "Filtres" popover; their keys, to count those in use on its button. */
  moreFilters?: { keys: readonly string[]; content: ReactNode };
}

/**
 * Search and filters above a list, on one row at desktop widths (the filters are placeholder-only
 * selects named by their aria-label; see FilterSelect).
 *
 *   <ListToolbar list={list} searchLabel={t('clients.search')} searchPlaceholder={t('clients.searchPlaceholder')}
 *     moreFilters={{ keys: ['active'], content: <ActiveFilter list={list} inPopover /> }}>
 *     <FilterSelect list={list} filterKey="province" label={t('clients.province')} data={…} />
 *   </ListToolbar>
 */
export function ListToolbar({
  list,
  searchLabel,
  searchPlaceholder,
  children,
  moreFilters,
}: ListToolbarProps) {
  const { t } = useTranslation();
  const label = searchLabel ?? t('list.search');
  const moreCount = moreFilters ? list.countChangedFilters(moreFilters.keys) : 0;
  return (
    <Group gap={8} align="center" wrap="wrap" data-testid="list-toolbar">
      <TextInput
        type="search"
        aria-label={label}
        placeholder={searchPlaceholder ?? t('list.searchPlaceholder')}
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
        w={{ base: '100%', sm: 260 }}
        data-testid="list-search"
      />
      {children}
      {moreFilters ? (
        <Popover position="bottom-end" shadow="md" withArrow trapFocus returnFocus>
          <Popover.Target>
            <Button
              variant="default"
              leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
              rightSection={
                moreCount > 0 ? (
                  <Badge size="sm" circle color="brand">
                    {moreCount}{' '}
                    <VisuallyHidden>{t('list.moreFiltersInUse', { count: moreCount })}</VisuallyHidden>
                  </Badge>
                ) : undefined
              }
              data-testid="list-more-filters"
            >
              {t('list.moreFilters')}
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            {/* Opening focuses the panel itself, not its first select (which would open that
                select's list by itself); Tab goes on to the filters. */}
            <Stack gap="sm" w={240} tabIndex={-1} data-autofocus style={{ outline: 'none' }}>
              {moreFilters.content}
            </Stack>
          </Popover.Dropdown>
        </Popover>
      ) : null}
    </Group>
  );
}
