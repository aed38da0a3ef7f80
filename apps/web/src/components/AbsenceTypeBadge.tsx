import type { ShownAbsenceType } from '@brigade/shared/enums';
import { useTranslation } from 'react-i18next';
import { SoftBadge, type SoftBadgeColor } from './SoftBadge.tsx';

/** One colour per kind of absence, the same on the list, the calendar, the dashboard and an employee's page. */
export const absenceTypeColors: Record<ShownAbsenceType, SoftBadgeColor> = {
  sick: 'orange',
  vacation: 'blue',
  personal: 'grape',
  work_accident: 'red',
  training: 'green',
  preventive_withdrawal: 'yellow',
  other: 'gray',
  blacklist: 'brand',
  // A health-related absence, as lists show it (Law 25).
  absent: 'orange',
};

export function AbsenceTypeBadge({ type }: { type: ShownAbsenceType }) {
  const { t } = useTranslation();
  return (
    <SoftBadge color={absenceTypeColors[type]} dot data-testid="absence-type">
      {t(`absences.types.${type}`)}
    </SoftBadge>
  );
}
