import type { SiteStatus } from '@brigade/shared/clients';
import type { EmployeeStatus } from '@brigade/shared/employees';
import { useTranslation } from 'react-i18next';
import { SoftBadge, type SoftBadgeColor } from './SoftBadge.tsx';

/**
 * The states of the app's records, one word and one colour each wherever they show: a record is
 * Actif or Archivé (clients, supervisors, employees, skills, tools); a site is Actif, À venir or
 * Inactif (derived from its dates and its client); an employee also has a work status.
 */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <SoftBadge color={active ? 'green' : 'gray'} dot data-testid="record-status">
      {t(active ? 'status.active' : 'status.archived')}
    </SoftBadge>
  );
}

const siteColors: Record<SiteStatus, SoftBadgeColor> = {
  active: 'green',
  upcoming: 'blue',
  inactive: 'gray',
};

/** Actif / À venir / Inactif of a site (derived by the server). */
export function SiteStatusBadge({ status }: { status: SiteStatus }) {
  const { t } = useTranslation();
  return (
    <SoftBadge color={siteColors[status]} dot>
      {t(`siteStatuses.${status}`)}
    </SoftBadge>
  );
}

const employeeColors: Record<EmployeeStatus, SoftBadgeColor> = {
  disponible: 'green',
  assigne: 'blue',
  indisponible: 'orange',
  en_conge: 'grape',
  termine: 'gray',
};

/** Disponible / Assigné / Indisponible / En congé / Terminé. */
export function EmployeeStatusBadge({ status }: { status: EmployeeStatus }) {
  const { t } = useTranslation();
  return (
    <SoftBadge color={employeeColors[status]} data-testid="employee-status">
      {t(`employeeStatuses.${status}`)}
    </SoftBadge>
  );
}
