import type { Absence } from '@brigade/shared/absences';
import { Anchor, Button, Group, Skeleton, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AbsencePeriod } from '../../../components/AbsencePeriod.tsx';
import { AbsenceTypeBadge } from '../../../components/AbsenceTypeBadge.tsx';
import { DetailCard } from '../../../components/DetailPage.tsx';
import { RecordTable } from '../../../components/RecordTable.tsx';
import { employeeAbsencesQuery } from '../api.ts';

/** An employee's absences and blacklists, the latest first, with a way to add one for them. */
export function EmployeeAbsencesCard({ employeeId, active }: { employeeId: string; active: boolean }) {
  const { t } = useTranslation();
  const query = useQuery(employeeAbsencesQuery(employeeId));
  const items = query.data?.items ?? [];
  return (
    <DetailCard title={t('absences.employeeCard.title')} style={{ gridColumn: '1 / -1' }}>
      {active ? (
        <Group justify="flex-end" mb="xs">
          <Button
            component={Link}
            to={`/absences/create?employeeId=${employeeId}`}
            variant="light"
            size="compact-sm"
            leftSection={<IconPlus size={14} aria-hidden />}
            data-testid="employee-add-absence"
          >
            {t('absences.employeeCard.add')}
          </Button>
        </Group>
      ) : null}
      {!query.data ? (
        <Skeleton h={60} />
      ) : items.length ? (
        <RecordTable<Absence>
          label={t('absences.employeeCard.title')}
          data-testid="employee-absences-table"
          records={items}
          rowKey={(absence) => absence.id}
          columns={[
            {
              accessor: 'type',
              title: t('absences.type'),
              render: (absence) => (
                <Anchor
                  component={Link}
                  to={`/absences/edit/${absence.id}`}
                  aria-label={t(`absences.types.${absence.type}`)}
                >
                  <AbsenceTypeBadge type={absence.type} />
                </Anchor>
              ),
            },
            {
              accessor: 'period',
              title: t('absences.period'),
              noWrap: true,
              render: (absence) => <AbsencePeriod absence={absence} />,
            },
            {
              accessor: 'detail',
              title: t('absences.client'),
              render: (absence) =>
                absence.client
                  ? `${absence.client.name}${absence.site ? ` — ${absence.site.name}` : ''}`
                  : absence.fromTime
                    ? `${absence.fromTime}–${absence.toTime}`
                    : t('absences.wholeDay'),
            },
            {
              accessor: 'reason',
              title: t('absences.reason'),
              render: (absence) => absence.reason ?? t('common.empty'),
            },
          ]}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('absences.employeeCard.none')}
        </Text>
      )}
    </DetailCard>
  );
}
