import type { SkillHolder } from '@brigade/shared/catalog';
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExpiryBadge } from '../../../components/ExpiryBadge.tsx';
import { RecordTable } from '../../../components/RecordTable.tsx';
import { formatDate } from '../../../lib/format.ts';

/** Employees holding a skill; each name opens the employee (cards on phones). */
export function HoldersTable({ holders, label }: { holders: SkillHolder[]; label: string }) {
  const { t } = useTranslation();
  if (holders.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('skills.noHolders')}
      </Text>
    );
  }
  return (
    <RecordTable<SkillHolder>
      label={label}
      records={holders}
      rowKey={(holder) => holder.employeeId}
      columns={[
        {
          key: 'employee',
          title: t('skills.employee'),
          render: (holder) => (
            <Anchor component={Link} to={`/employees/${holder.employeeId}`} size="sm" fw={600}>
              {holder.lastName}, {holder.firstName}
            </Anchor>
          ),
        },
        {
          key: 'number',
          title: t('skills.employeeNumber'),
          nowrap: true,
          render: (holder) => holder.employeeNumber,
        },
        {
          key: 'obtainedOn',
          title: t('skills.obtainedOn'),
          nowrap: true,
          render: (holder) => formatDate(holder.obtainedOn) || t('common.empty'),
        },
        {
          key: 'expiresOn',
          title: t('skills.expiresOn'),
          wide: true,
          render: (holder) => <ExpiryBadge expiresOn={holder.expiresOn} daysLeft={holder.daysLeft} />,
        },
      ]}
    />
  );
}
