import type { AssignationListItem } from '@brigade/shared/assignations';
import { Button, Checkbox } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/ActiveFilter.tsx';
import type { Column } from '../../../components/columns.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { ListToolbar } from '../../../components/ListToolbar.tsx';
import { AssignationStatusBadge, PriorityBadge } from '../../../components/OrderBadges.tsx';
import { PeriodFilter } from '../../../components/PeriodFilter.tsx';
import { siteColumn } from '../../../components/SiteColumn.tsx';
import { companyToday } from '../../../lib/calendar.ts';
import { formatDateRange } from '../../../lib/format.ts';
import { useListState } from '../../../lib/listState.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { toast } from '../../../lib/toast.tsx';
import { assignationsListQuery, confirmAssignations } from '../api.ts';

/**
 * The matching list (spec §2 matching): every assignation by day and site, pending beside
 * confirmed, from today on; filters; the pending ones picked and confirmed at once (a foreman
 * confirmed his crew by phone). A row opens its order's matching screen.
 */
export default function MatchingListPage() {
  const { t } = useTranslation();
  const list = useListState({
    sort: 'startsOn',
    filters: { status: '', from: companyToday(), to: '' },
  });
  const query = useQuery(assignationsListQuery(list.params));
  const [selected, setSelected] = useState<string[]>([]);
  const confirm = useApiMutation({
    ...confirmAssignations,
    successKey: false,
    onSuccess: (outcome) => {
      toast.success(
        [
          t('matching.list.bulkConfirmed', { count: outcome.confirmed.length }),
          outcome.skipped.length ? t('matching.list.bulkSkipped', { count: outcome.skipped.length }) : '',
        ]
          .filter(Boolean)
          .join(' '),
      );
      setSelected([]);
    },
  });
  const toggle = (id: string) =>
    setSelected((current) =>
      current.includes(id) ? current.filter((each) => each !== id) : [...current, id],
    );

  const columns: Column<AssignationListItem>[] = [
    {
      accessor: 'select',
      title: '',
      width: 44,
      render: (row) =>
        row.status === 'pending' ? (
          // The table leaves clicks on a control to it: the box picks the row, it does not open it.
          <Checkbox
            checked={selected.includes(row.id)}
            onChange={() => toggle(row.id)}
            aria-label={t('matching.list.select', {
              name: `${row.employee.firstName} ${row.employee.lastName}`,
            })}
          />
        ) : null,
    },
    {
      accessor: 'startsOn',
      title: t('matching.list.day'),
      sortable: true,
      noWrap: true,
      render: (row) => `${formatDateRange(row.order.startsOn, row.order.endsOn)}`,
    },
    siteColumn(t('matching.list.site'), '28%'),
    {
      accessor: 'employee',
      title: t('matching.list.employee'),
      sortable: true,
      ellipsis: true,
      // Names are what the office scans this list for: room for a long one before the ellipsis.
      width: '22%',
      render: (row) => `${row.employee.lastName}, ${row.employee.firstName}`,
    },
    {
      accessor: 'hours',
      title: t('matching.list.hours'),
      noWrap: true,
      render: (row) => `${row.order.dailyStart}–${row.order.dailyEnd}`,
    },
    {
      accessor: 'priority',
      title: t('orders.priority'),
      noWrap: true,
      render: (row) => <PriorityBadge priority={row.order.priority} />,
    },
    {
      accessor: 'status',
      title: t('matching.list.status'),
      sortable: true,
      noWrap: true,
      render: (row) => <AssignationStatusBadge status={row.status} />,
    },
  ];

  return (
    <ListPage
      toolbar={
        <ListToolbar list={list} searchPlaceholder={t('matching.list.search')}>
          <FilterSelect
            list={list}
            filterKey="status"
            label={t('matching.list.status')}
            placeholder={t('matching.list.allOpen')}
            data={(['pending', 'confirmed', 'declined', 'cancelled', 'replaced'] as const).map((status) => ({
              value: status,
              label: t(`orders.assignationStatuses.${status}`),
            }))}
            w={{ base: 'calc(50% - 4px)', sm: 190 }}
          />
          <PeriodFilter list={list} fromLabel={t('orders.from')} toLabel={t('orders.to')} />
          <Button
            leftSection={<IconChecks size={16} aria-hidden />}
            disabled={selected.length === 0}
            loading={confirm.isPending}
            onClick={() => confirm.mutate(selected)}
            data-testid="bulk-confirm"
          >
            {t('matching.list.confirmSelected', { count: selected.length })}
          </Button>
        </ListToolbar>
      }
    >
      <DataTable<AssignationListItem>
        label={t('titles.matching')}
        list={list}
        query={query}
        rowHref={(row) => `/matching/create/${row.order.id}`}
        titleColumn="employee"
        minWidth={860}
        columns={columns}
      />
    </ListPage>
  );
}
