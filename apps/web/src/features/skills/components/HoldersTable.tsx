import type { SkillHolder } from '@brigade/shared/catalog';
import { useTranslation } from 'react-i18next';
import { EmployeeLinksTable, type EmployeeLinksTableProps } from '../../../components/EmployeeLinksTable.tsx';
import { ExpiryBadge } from '../../../components/ExpiryBadge.tsx';
import { formatDate } from '../../../lib/format.ts';

/**
 * Employees holding a skill, with when they obtained it and its expiry (cards on phones); for an
 * `expirable` skill, a holder without a date shows it is to be entered.
 */
export function HoldersTable({
  holders,
  label,
  capped,
  expirable,
}: {
  holders: SkillHolder[];
  label: string;
  capped?: EmployeeLinksTableProps<SkillHolder>['capped'];
  expirable: boolean;
}) {
  const { t } = useTranslation();
  return (
    <EmployeeLinksTable<SkillHolder>
      label={label}
      records={holders}
      empty={t('skills.noHolders')}
      capped={capped}
      columns={[
        {
          accessor: 'obtainedOn',
          title: t('skills.obtainedOn'),
          noWrap: true,
          render: (holder) => formatDate(holder.obtainedOn) || t('common.empty'),
        },
        {
          accessor: 'expiresOn',
          title: t('skills.expiresOn'),
          wideInCard: true,
          render: (holder) => (
            <ExpiryBadge expiresOn={holder.expiresOn} daysLeft={holder.daysLeft} expirable={expirable} />
          ),
        },
      ]}
    />
  );
}
