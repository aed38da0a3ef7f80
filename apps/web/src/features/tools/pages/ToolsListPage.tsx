import type { ToolListItem } from '@brigade/shared/catalog';
import { Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ActiveFilter } from '../../../components/ActiveFilter.tsx';
import { CatalogName } from '../../../components/CatalogName.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { ListToolbar } from '../../../components/ListToolbar.tsx';
import { ActiveBadge } from '../../../components/StatusBadge.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useListState } from '../../../lib/listState.ts';
import { toolsListQuery } from '../api.ts';

/** Tools: search (names and description), active filter, sort by name or owners, pages. */
export default function ToolsListPage() {
  const { t } = useTranslation();
  const nameSort = currentLanguage() === 'en' ? 'nameEn' : 'nameFr';
  const list = useListState({ sort: nameSort, filters: { active: 'true' } });
  const query = useQuery(toolsListQuery(list.params));

  return (
    <ListPage
      create={{ href: '/tools/create', label: t('titles.toolsCreate') }}
      toolbar={
        <ListToolbar
          list={list}
          searchLabel={t('tools.search')}
          searchPlaceholder={t('tools.searchPlaceholder')}
        >
          <ActiveFilter list={list} />
        </ListToolbar>
      }
    >
      <DataTable<ToolListItem>
        label={t('titles.tools')}
        list={list}
        query={query}
        rowHref={(tool) => `/tools/${tool.id}`}
        minWidth={560}
        columns={[
          {
            accessor: nameSort,
            title: t('tools.name'),
            sortable: true,
            render: (tool) => (
              <Group gap="xs" wrap="nowrap">
                <CatalogName nameFr={tool.nameFr} nameEn={tool.nameEn} />
                {tool.active ? null : <ActiveBadge active={false} />}
              </Group>
            ),
          },
          {
            accessor: 'description',
            title: t('tools.description'),
            hiddenInCard: true,
            render: (tool) => (
              <Text size="sm" lineClamp={2}>
                {tool.description ?? t('common.empty')}
              </Text>
            ),
          },
          {
            accessor: 'ownerCount',
            title: t('tools.ownerCount'),
            sortable: true,
            textAlign: 'right',
            noWrap: true,
            render: (tool) => formatNumber(tool.ownerCount),
          },
        ]}
      />
    </ListPage>
  );
}
