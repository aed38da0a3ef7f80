import type { EmployeeStatus } from '@brigade/shared/employees';
import { useTranslation } from 'react-i18next';
import { SoftBadge, type SoftBadgeColor } from '../../../components/SoftBadge.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';

const statusColors: Record<EmployeeStatus, SoftBadgeColor> = {
  disponible: 'green',
  assigne: 'blue',
  indisponible: 'orange',
  en_conge: 'grape',
  termine: 'gray',
};
/** Disponible / Assigné / Indisponible / En congé / Terminé. */
export function StatusBadge({ status }: { status: EmployeeStatus }) {
  const { t } = useTranslation();
  const color = statusColors[status];
  return (
    <SoftBadge color={color} data-testid="employee-status">
      {t(`employees.statuses.${status}`)}
    </SoftBadge>
  );
}

/** The name in the user's language. */
export function localName(record: { nameFr: string; nameEn: string }): string {
  return currentLanguage() === 'en' ? record.nameEn : record.nameFr;
}
