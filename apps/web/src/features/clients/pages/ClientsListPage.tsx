import type { ClientListItem } from '@brigade/shared/clients';
import { provinces } from '@brigade/shared/enums';
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
import { clientsListQuery } from '../api.ts';

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
            // The name has the room: the e-mail gives way first, the count's header wraps.
            width: '40%',
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
            render: (client) => (client.phone ? <PhoneLink phone={client.phone} inRow /> : t('common.empty')),
          },
          {
            accessor: 'email',
            title: t('clients.email'),
            visibleMediaQuery: fromLg,
            hiddenInCard: true,
            ellipsis: true,
            width: '16%',
            render: (client) =>
              client.email ? <EmailLink email={client.email} inRow truncate /> : t('common.empty'),
          },
          {
            accessor: 'activeSiteCount',
            title: t('clients.activeSites'),
            sortable: true,
            textAlign: 'right',
            width: '1%',
            render: (client) => formatNumber(client.activeSiteCount),
          },
          {
            accessor: 'active',
            title: t('clients.status'),
            noWrap: true,
            render: (client) => <ActiveBadge active={client.active} />,
          },
        ]}
      />
    </ListPage>
  );
}
