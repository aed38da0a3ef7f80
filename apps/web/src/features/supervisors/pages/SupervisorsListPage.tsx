import type { SupervisorListItem } from '@brigade/shared';
import { Anchor, Badge, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ActiveFilter } from '../../../components/ActiveFilter.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { formatPhone } from '../../../components/inputs.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { ListToolbar } from '../../../components/ListToolbar.tsx';
import { useListState } from '../../../lib/listState.ts';
import { clientOptions, supervisorListOptions } from '../api.ts';

/** Supervisors: search, client and status filters, sort, pages; a row opens the detail. */
export default function SupervisorsListPage() {
  const { t } = useTranslation();
  const list = useListState({ sort: 'lastName', filters: { active: 'true', clientId: '' } });
  const query = useQuery(supervisorListOptions(list.params));
  const clients = useQuery(clientOptions());
  const stop = (event: React.MouseEvent) => event.stopPropagation();

  return (
    <ListPage
      toolbar={
        <ListToolbar
          list={list}
          searchLabel={t('supervisors.search')}
          createHref="/supervisor/create"
          createLabel={t('supervisors.new')}
        >
          <Select
            label={t('supervisors.fields.client')}
            placeholder={t('supervisors.allClients')}
            data={clients.data ?? []}
            value={list.filters.clientId || null}
            onChange={(value) => list.setFilter('clientId', value ?? '')}
            searchable
            clearable
            nothingFoundMessage={t('list.noResults')}
            w={{ base: '100%', xs: 240 }}
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
        minWidth={860}
        columns={[
          {
            accessor: 'lastName',
            title: t('supervisors.columns.name'),
            sortable: true,
            render: (s) => `${s.lastName}, ${s.firstName}`,
          },
          {
            accessor: 'clientName',
            title: t('supervisors.fields.client'),
            sortable: true,
            render: (s) => s.clientName ?? t('common.empty'),
          },
          {
            accessor: 'phone',
            title: t('supervisors.fields.phone'),
            render: (s) =>
              s.phone ? (
                <Anchor href={`tel:${s.phone}`} size="sm" onClick={stop} style={{ whiteSpace: 'nowrap' }}>
                  {formatPhone(s.phone)}
                </Anchor>
              ) : (
                t('common.empty')
              ),
          },
          {
            accessor: 'email',
            title: t('supervisors.fields.email'),
            render: (s) => s.email ?? t('common.empty'),
          },
          {
            accessor: 'siteCount',
            title: t('supervisors.columns.sites'),
            sortable: true,
            textAlign: 'right',
          },
          {
            accessor: 'active',
            title: t('supervisors.columns.status'),
            width: 110,
            render: (s) => (
              <Badge color={s.active ? 'green' : 'gray'} variant="dot">
                {s.active ? t('supervisors.status.active') : t('supervisors.status.archived')}
              </Badge>
            ),
          },
        ]}
      />
    </ListPage>
  );
}
