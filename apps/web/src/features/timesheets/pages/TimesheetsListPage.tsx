import { timesheetStatuses } from '@brigade/shared/enums';
import type { TimesheetSummary } from '@brigade/shared/timesheets';
import { Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ClientFilter, FilterSelect } from '../../../components/ActiveFilter.tsx';
import type { Column } from '../../../components/columns.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { DateField } from '../../../components/DateField.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { ListToolbar } from '../../../components/ListToolbar.tsx';
import { siteColumn } from '../../../components/SiteColumn.tsx';
import { SitePicker } from '../../../components/SitePicker.tsx';
import { SoftBadge } from '../../../components/SoftBadge.tsx';
import { addDays } from '../../../lib/calendar.ts';
import { formatDateRange, formatHours, formatMoney } from '../../../lib/format.ts';
import { useListState } from '../../../lib/listState.ts';
import { endpointQuery } from '../../../lib/queries.ts';
import { timesheetsListQuery } from '../api.ts';
import { TimesheetStatusBadge } from '../components/TimesheetStatusBadge.tsx';

const clientsQuery = endpointQuery('GET /clients', { query: { pageSize: 200, active: 'all', sort: 'name' } });

/** Timesheets: by client, site, week and state, the latest weeks first, with hours and parking. */
export default function TimesheetsListPage() {
  const { t } = useTranslation();
  const list = useListState({
    sort: 'weekStart',
    order: 'desc',
    filters: { clientId: '', siteId: '', status: '', week: '' },
  });
  const query = useQuery(timesheetsListQuery(list.params));
  const clients = useQuery({ ...clientsQuery, staleTime: 60_000 });

  const columns: Column<TimesheetSummary>[] = [
    siteColumn(t('timesheets.site'), '30%'),
    {
      accessor: 'weekStart',
      title: t('timesheets.week'),
      sortable: true,
      noWrap: true,
      render: (sheet) => formatDateRange(sheet.weekStart, addDays(sheet.weekStart, 6)),
    },
    { accessor: 'workers', title: t('timesheets.workers'), noWrap: true, textAlign: 'right' },
    {
      accessor: 'minutes',
      title: t('timesheets.hours'),
      noWrap: true,
      textAlign: 'right',
      render: (sheet) => formatHours(sheet.minutes),
    },
    {
      accessor: 'parkingCents',
      title: t('timesheets.parking'),
      noWrap: true,
      textAlign: 'right',
      render: (sheet) => (sheet.parkingCents ? formatMoney(sheet.parkingCents) : '—'),
    },
    {
      accessor: 'status',
      title: t('timesheets.status'),
      sortable: true,
      noWrap: true,
      render: (sheet) => (
        <Group gap={6} wrap="nowrap">
          <TimesheetStatusBadge status={sheet.status} />
          {sheet.rejected ? (
            <SoftBadge color="red">{t('timesheets.rejectedCount', { count: sheet.rejected })}</SoftBadge>
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <ListPage
      create={{ href: '/timesheets/create', label: t('titles.timesheetsCreate') }}
      toolbar={
        <ListToolbar list={list} searchPlaceholder={t('timesheets.search')}>
          <ClientFilter
            list={list}
            clients={clients.data?.items}
            label={t('timesheets.client')}
            placeholder={t('timesheets.allClients')}
            width={180}
          />
          <SitePicker
            aria-label={t('timesheets.site')}
            placeholder={t('timesheets.allSites')}
            value={list.filters.siteId || null}
            onChange={(id) => list.setFilter('siteId', id ?? '')}
            clearable
            w={{ base: 'calc(50% - 4px)', sm: 200 }}
          />
          <FilterSelect
            list={list}
            filterKey="status"
            label={t('timesheets.status')}
            placeholder={t('timesheets.allStatuses')}
            data={timesheetStatuses.map((status) => ({
              value: status,
              label: t(`timesheets.statuses.${status}`),
            }))}
            w={{ base: 'calc(50% - 4px)', sm: 160 }}
          />
          <DateField
            aria-label={t('timesheets.weekPick')}
            placeholder={t('timesheets.week')}
            value={list.filters.week || null}
            onChange={(value) => list.setFilter('week', value ?? '')}
            w={{ base: 'calc(50% - 4px)', sm: 140 }}
          />
        </ListToolbar>
      }
    >
      <DataTable<TimesheetSummary>
        label={t('titles.timesheets')}
        list={list}
        query={query}
        rowHref={(sheet) => `/timesheets/edit/${sheet.id}`}
        titleColumn="site"
        minWidth={760}
        columns={columns}
      />
    </ListPage>
  );
}
