import type { SupervisorListItem } from '@brigade/shared';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ActiveFilter, FilterSelect } from '../../../components/ActiveFilter.tsx';
import { EmailLink, PhoneLink } from '../../../components/ContactLink.tsx';
import { fromLg } from '../../../components/columns.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { ListToolbar } from '../../../components/ListToolbar.tsx';
import { ActiveBadge } from '../../../components/StatusBadge.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useListState } from '../../../lib/listState.ts';
import { clientOptions, supervisorListOptions } from '../api.ts';

/** Supervisors: search, client and status filters, sort, pages; a row opens the detail. */
export default function SupervisorsListPage() {
  const { t } = useTranslation();
  const list = useListState({ sort: 'lastName', filters: { active: 'true', clientId: '' } });
  const query = useQuery(supervisorListOptions(list.params));
  const clients = useQuery(clientOptions());

  return (
    <ListPage
      create={{ href: '/supervisor/create', label: t('supervisors.new') }}
      toolbar={
        <ListToolbar
          list={list}
          searchLabel={t('supervisors.search')}
          searchPlaceholder={t('supervisors.searchPlaceholder')}
        >
          <FilterSelect
            list={list}
            filterKey="clientId"
            label={t('supervisors.fields.client')}
            data={clients.data ?? []}
            searchable
            w={{ base: 'calc(50% - 4px)', sm: 220 }}
            data-testid="filter-client"
          />
          <ActiveFilter list={list} />
        </ListToolbar>
      }
    >
      <DataTable<SupervisorListItem>
        label={t('titles.supervisors')}
        list={list}
        query={query}
        rowHref={(s) => `/supervisor/${s.id}`}
        minWidth={640}
        columns={[
          {
            accessor: 'lastName',
            title: t('supervisors.columns.name'),
            sortable: true,
            ellipsis: true,
            width: '22%',
            render: (s) => (
              <Text size="sm" fw={600} truncate="end" title={`${s.lastName}, ${s.firstName}`}>
                {s.lastName}, {s.firstName}
              </Text>
            ),
          },
          {
            accessor: 'clientName',
            title: t('supervisors.fields.client'),
            sortable: true,
            ellipsis: true,
            width: '22%',
            render: (s) => (
              <Text size="sm" truncate="end" title={s.clientName ?? undefined}>
                {s.clientName ?? t('common.empty')}
              </Text>
            ),
          },
          {
            accessor: 'phone',
            title: t('supervisors.fields.phone'),
            noWrap: true,
            render: (s) => (s.phone ? <PhoneLink phone={s.phone} inRow /> : t('common.empty')),
          },
          {
            accessor: 'email',
            title: t('supervisors.fields.email'),
            ellipsis: true,
            width: '22%',
            hiddenInCard: true,
            visibleMediaQuery: fromLg,
            render: (s) => (s.email ? <EmailLink email={s.email} inRow truncate /> : t('common.empty')),
          },
          {
            accessor: 'siteCount',
            title: t('supervisors.columns.sites'),
            sortable: true,
            textAlign: 'right',
            noWrap: true,
            render: (s) => formatNumber(s.siteCount),
          },
          {
            accessor: 'active',
            title: t('supervisors.columns.status'),
            noWrap: true,
            render: (s) => <ActiveBadge active={s.active} />,
          },
        ]}
      />
    </ListPage>
  );
}
