import { provinces } from '@brigade/shared/address';
import type { ClientListItem } from '@brigade/shared/clients';
import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ActiveFilter, FilterSelect } from '../../../components/ActiveFilter.tsx';
import { DataTable, fromLg } from '../../../components/DataTable.tsx';
import { formatPhone } from '../../../components/inputs.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { ListToolbar } from '../../../components/ListToolbar.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useListState } from '../../../lib/listState.ts';
import { clientsListQuery } from '../api.ts';
import { ClientStatusBadge } from '../components/StatusBadge.tsx';

/** Clients: search (name, city, phone, e-mail), province and active filters, sort, pages. */
export default function ClientsListPage() {
  const { t } = useTranslation();
  const list = useListState({ sort: 'name', filters: { active: 'true', province: '' } });
  const query = useQuery(clientsListQuery(list.params));

  return (
    <ListPage
      create={{ href: '/clients/create', label: t('titles.clientsCreate') }}
      toolbar={
        <ListToolbar
          list={list}
          searchLabel={t('clients.search')}
          searchPlaceholder={t('clients.searchPlaceholder')}
        >
          <FilterSelect
            list={list}
            filterKey="province"
            label={t('clients.province')}
            data={provinces.map((code) => ({ value: code, label: t(`provinces.${code}`) }))}
            searchable
          />
          <ActiveFilter list={list} />
        </ListToolbar>
      }
    >
      <DataTable<ClientListItem>
        label={t('titles.clients')}
        list={list}
        query={query}
        rowHref={(client) => `/clients/${client.id}`}
        minWidth={560}
        columns={[
          {
            accessor: 'name',
            title: t('clients.name'),
            sortable: true,
            ellipsis: true,
            width: '32%',
            render: (client) => (
              <Text size="sm" fw={600} truncate="end" title={client.name}>
                {client.name}
              </Text>
            ),
          },
          {
            accessor: 'city',
            title: t('clients.cityProvince'),
            sortable: true,
            noWrap: true,
            render: (client) => [client.city, client.province].filter(Boolean).join(', '),
          },
          {
            accessor: 'phone',
            title: t('clients.phone'),
            noWrap: true,
            render: (client) =>
              client.phone ? (
                <Anchor href={`tel:${client.phone}`} size="sm" tabIndex={-1}>
                  {formatPhone(client.phone)}
                </Anchor>
              ) : (
                t('common.empty')
              ),
          },
          {
            accessor: 'email',
            title: t('clients.email'),
            visibleMediaQuery: fromLg,
            hiddenInCard: true,
            ellipsis: true,
            width: '24%',
            render: (client) =>
              client.email ? (
                <Anchor href={`mailto:${client.email}`} size="sm" tabIndex={-1} title={client.email}>
                  {client.email}
                </Anchor>
              ) : (
                t('common.empty')
              ),
          },
          {
            accessor: 'activeSiteCount',
            title: t('clients.activeSites'),
            sortable: true,
            textAlign: 'right',
            noWrap: true,
            render: (client) => formatNumber(client.activeSiteCount),
          },
          {
            accessor: 'active',
            title: t('clients.status'),
            noWrap: true,
            render: (client) => <ClientStatusBadge active={client.active} />,
          },
        ]}
      />
    </ListPage>
  );
}
