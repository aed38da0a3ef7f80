import type { AssignationListItem } from '@brigade/shared/assignations';
import { Anchor, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DetailCard } from '../../../components/DetailPage.tsx';
import { AssignationStatusBadge } from '../../../components/OrderBadges.tsx';
import { RecordTable } from '../../../components/RecordTable.tsx';
import { formatDateRange } from '../../../lib/format.ts';
import { employeePlacementsQuery } from '../api.ts';

/** Where an employee was and will be placed: their assignations, the latest order first. */
export function EmployeePlacementsCard({ employeeId }: { employeeId: string }) {
  const { t } = useTranslation();
  const query = useQuery(employeePlacementsQuery(employeeId));
  const items = query.data?.items ?? [];
  return (
    <DetailCard title={t('employees.placements.title')} style={{ gridColumn: '1 / -1' }}>
      {!query.data ? (
        <Skeleton h={60} />
      ) : items.length ? (
        <>
          <RecordTable<AssignationListItem>
            label={t('employees.placements.title')}
            data-testid="employee-placements"
            records={items}
            rowKey={(assignation) => assignation.id}
            columns={[
              {
                accessor: 'period',
                title: t('employees.placements.period'),
                noWrap: true,
                render: (assignation) =>
                  `${formatDateRange(assignation.order.startsOn, assignation.order.endsOn)} · ${assignation.order.dailyStart}–${assignation.order.dailyEnd}`,
              },
              {
                accessor: 'site',
                title: t('employees.placements.site'),
                render: (assignation) => (
                  <Anchor component={Link} to={`/orders/${assignation.order.id}`}>
                    {assignation.client.name} — {assignation.site.name}
                    {assignation.site.city ? ` (${assignation.site.city})` : ''}
                  </Anchor>
                ),
              },
              {
                accessor: 'status',
                title: t('employees.placements.status'),
                render: (assignation) => <AssignationStatusBadge status={assignation.status} />,
              },
            ]}
          />
          {query.data.total > items.length ? (
            <Text size="xs" c="dimmed" mt="xs">
              {t('employees.placements.more', { shown: items.length, total: query.data.total })}
            </Text>
          ) : null}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('employees.placements.none')}
        </Text>
      )}
    </DetailCard>
  );
}
