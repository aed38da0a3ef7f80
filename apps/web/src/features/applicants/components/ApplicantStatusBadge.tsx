import type { ApplicantStatus } from '@brigade/shared/enums';
import { useTranslation } from 'react-i18next';
import { SoftBadge, type SoftBadgeColor } from '../../../components/SoftBadge.tsx';

export const applicantStatusColors: Record<ApplicantStatus, SoftBadgeColor> = {
  new: 'blue',
  contacted: 'grape',
  interview: 'orange',
  hired: 'green',
  refused: 'red',
  withdrawn: 'gray',
};

export function ApplicantStatusBadge({ status }: { status: ApplicantStatus }) {
  const { t } = useTranslation();
  return (
    <SoftBadge color={applicantStatusColors[status]} dot data-testid="applicant-status">
      {t(`applicants.statuses.${status}`)}
    </SoftBadge>
  );
}
