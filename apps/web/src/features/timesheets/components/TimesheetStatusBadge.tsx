import type { TimesheetStatus } from '@brigade/shared/enums';
import { useTranslation } from 'react-i18next';
import { SoftBadge, type SoftBadgeColor } from '../../../components/SoftBadge.tsx';

const colors: Record<TimesheetStatus, SoftBadgeColor> = {
  draft: 'gray',
  sent: 'blue',
  reopened: 'orange',
  approved: 'green',
};

export function TimesheetStatusBadge({ status }: { status: TimesheetStatus }) {
  const { t } = useTranslation();
  return (
    <SoftBadge color={colors[status]} dot data-testid="timesheet-status">
      {t(`timesheets.statuses.${status}`)}
    </SoftBadge>
  );
}
