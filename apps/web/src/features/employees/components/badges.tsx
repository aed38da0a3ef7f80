import { type EmployeeStatus, skillExpiryWarningDays } from '@brigade/shared/employees';
import { Badge } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n.ts';

const statusColors: Record<EmployeeStatus, string> = {
  disponible: 'green',
  assigne: 'blue',
  indisponible: 'orange',
  en_conge: 'grape',
  termine: 'gray',
};
// Text darker than Mantine's shade 9 keeps 4.5:1 contrast on the light badge backgrounds (axe).
const textColors: Record<string, string> = {
  green: '#1b5e20',
  blue: '#0b4a8b',
  orange: '#8a3a00',
  grape: '#6a1b7a',
  gray: '#343a40',
  red: '#8f1d1d',
};

/** Disponible / Assigné / Indisponible / En congé / Terminé. */
export function StatusBadge({ status }: { status: EmployeeStatus }) {
  const { t } = useTranslation();
  const color = statusColors[status];
  return (
    <Badge
      color={color}
      variant="light"
      radius="sm"
      tt="none"
      style={{ '--badge-color': textColors[color] } as CSSProperties}
      data-testid="employee-status"
    >
      {t(`employees.statuses.${status}`)}
    </Badge>
  );
}

/** A held skill's expiry: red once expired, orange within 30 days, otherwise the date. */
export function ExpiryBadge({ daysLeft, expired }: { daysLeft: number | null; expired: boolean }) {
  const { t } = useTranslation();
  if (daysLeft === null) return null;
  const color = expired ? 'red' : daysLeft <= skillExpiryWarningDays ? 'orange' : null;
  if (!color) return null;
  return (
    <Badge
      color={color}
      variant="light"
      radius="sm"
      tt="none"
      style={{ '--badge-color': textColors[color] } as CSSProperties}
    >
      {expired
        ? t('employees.expiredAgo', { count: -daysLeft })
        : t('employees.expiresIn', { count: daysLeft })}
    </Badge>
  );
}

/** The name in the user's language. */
export function localName(record: { nameFr: string; nameEn: string }): string {
  return currentLanguage() === 'en' ? record.nameEn : record.nameFr;
}
