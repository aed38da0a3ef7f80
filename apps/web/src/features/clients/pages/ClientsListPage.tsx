import { provinces } from '@brigade/shared/address';
import type { ClientListItem } from '@brigade/shared/clients';
import { Anchor, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ActiveFilter } from '../../../components/ActiveFilter.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { formatPhone } from '../../../components/inputs.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { ListToolbar } from '../../../components/ListToolbar.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useListState } from '../../../lib/listState.ts';
import { clientsListQuery } from '../api.ts';
import { ClientStatusBadge } from '../components/StatusBadge.tsx';

/** Clients: search (name, city, phone, e-mail), active and province filters, sort, pages. */
export default function ClientsListPage() {
  const { t } = useTranslation();
  const list = useListState({ sort: 'name', filters: { active: 'true', province: '' } });
  const query = useQuery(clientsListQuery(list.params));
  const wide = (theme: { breakpoints: { md: string } }) => `(min-width: ${theme.breakpoints.md})`;

  return (
    <ListPage
      toolbar={
        <ListToolbar
          list={list}
          searchLabel={t('clients.search')}
          createHref="/clients/create"
          createLabel={t('titles.clientsCreate')}
        >
          <ActiveFilter list={list} />
          <Select
            label={t('clients.province')}
            placeholder={t('clients.allProvinces')}
            data={provinces.map((code) => ({ value: code, label: t(`provinces.${code}`) }))}
            value={list.filters.province || null}
            onChange={(value) => list.setFilter('province', value ?? '')}
            clearable
            searchable
            w={{ base: '100%', xs: 200 }}
          />
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
            render: (client) => (
              <Text size="sm" fw={600}>
                {client.name}
              </Text>
            ),
          },
          {
            accessor: 'city',
            title: t('clients.cityProvince'),
            sortable: true,
            render: (client) => [client.city, client.province].filter(Boolean).join(', '),
          },
          {
            accessor: 'phone',
            title: t('clients.phone'),
            visibleMediaQuery: wide,
            render: (client) =>
              client.phone ? (
                <Anchor href={`tel:${client.phone}`} size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatPhone(client.phone)}
                </Anchor>
              ) : (
                t('common.empty')
              ),
          },
          {
            accessor: 'email',
            title: t('clients.email'),
            visibleMediaQuery: wide,
            render: (client) =>
              client.email ? (
                <Anchor href={`mailto:${client.email}`} size="sm">
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
            width: 130,
            render: (client) => formatNumber(client.activeSiteCount),
          },
          {
            accessor: 'active',
            title: t('clients.status'),
            width: 110,
            render: (client) => <ClientStatusBadge active={client.active} />,
          },
        ]}
      />
    </ListPage>
  );
}
