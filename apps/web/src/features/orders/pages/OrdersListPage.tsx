import { orderStatuses } from '@brigade/shared/enums';
import type { OrderListItem } from '@brigade/shared/orders';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ClientFilter, FilterSelect } from '../../../components/ActiveFilter.tsx';
import type { Column } from '../../../components/columns.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { ListToolbar } from '../../../components/ListToolbar.tsx';
import { Coverage, OrderStatusBadge, PriorityBadge } from '../../../components/OrderBadges.tsx';
import { PeriodFilter } from '../../../components/PeriodFilter.tsx';
import { siteColumn } from '../../../components/SiteColumn.tsx';
import { companyToday } from '../../../lib/calendar.ts';
import { formatDateRange } from '../../../lib/format.ts';
import { localName } from '../../../lib/i18n.ts';
import { useListState } from '../../../lib/listState.ts';
import { activeClientsQuery, ordersListQuery } from '../api.ts';

/**
 * Orders: search by client or site, filters (client, status, priority, period), coverage as
 * "4/6 confirmés · 1 en attente", sorted by start.
 */
export default function OrdersListPage() {
  const { t } = useTranslation();
  const list = useListState({
    sort: 'startsOn',
    // What is not over yet, soonest first: the office's day; clearing "Du" shows the past too.
    filters: { clientId: '', status: '', priority: '', from: companyToday(), to: '' },
  });
  const query = useQuery(ordersListQuery(list.params));
  const clients = useQuery(activeClientsQuery);

  const columns: Column<OrderListItem>[] = [
    siteColumn(t('orders.site'), '26%'),
    {
      accessor: 'skills',
      title: t('orders.skills'),
      ellipsis: true,
      render: (order) => (
        <Text size="sm" truncate="end">
          {order.skills.map((skill) => localName(skill)).join(', ')}
        </Text>
      ),
    },
    {
      accessor: 'startsOn',
      title: t('orders.dates'),
      sortable: true,
      wideInCard: true,
      // The days, then the hours under them: the site, client and trades keep their room.
      render: (order) => (
        <>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDateRange(order.startsOn, order.endsOn)}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {order.dailyStart}–{order.dailyEnd}
          </Text>
        </>
      ),
    },
    {
      accessor: 'coverage',
      title: t('orders.coverage'),
      noWrap: true,
      render: (order) => (
        <Coverage confirmed={order.confirmed} pending={order.pending} needed={order.workersNeeded} />
      ),
    },
    {
      accessor: 'priority',
      title: t('orders.priority'),
      sortable: true,
      noWrap: true,
      render: (order) => <PriorityBadge priority={order.priority} />,
    },
    {
      accessor: 'status',
      title: t('orders.status'),
      noWrap: true,
      render: (order) => <OrderStatusBadge status={order.status} />,
    },
  ];

  return (
    <ListPage
      create={{ href: '/orders/create/new', label: t('titles.ordersCreate') }}
      toolbar={
        <ListToolbar list={list} searchPlaceholder={t('orders.search')}>
          <ClientFilter
            list={list}
            clients={clients.data?.items}
            label={t('orders.client')}
            placeholder={t('orders.allClients')}
          />
          <FilterSelect
            list={list}
            filterKey="status"
            label={t('orders.status')}
            placeholder={t('orders.allStatuses')}
            data={orderStatuses.map((status) => ({ value: status, label: t(`orders.statuses.${status}`) }))}
            w={{ base: 'calc(50% - 4px)', sm: 160 }}
          />
          <FilterSelect
            list={list}
            filterKey="priority"
            label={t('orders.priority')}
            placeholder={t('orders.allPriorities')}
            data={['1', '2', '3'].map((value) => ({ value, label: t(`orders.priorities.${value}`) }))}
            // "Toutes les priorités" whole.
            w={{ base: 'calc(50% - 4px)', sm: 190 }}
          />
          <PeriodFilter list={list} fromLabel={t('orders.from')} toLabel={t('orders.to')} />
        </ListToolbar>
      }
    >
      <DataTable<OrderListItem>
        label={t('titles.orders')}
        list={list}
        query={query}
        rowHref={(order) => `/orders/${order.id}`}
        titleColumn="site"
        minWidth={820}
        columns={columns}
      />
    </ListPage>
  );
}
