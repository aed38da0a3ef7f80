import type { SupervisorSite } from '@brigade/shared';
import { useTranslation } from 'react-i18next';
import { SoftBadge, type SoftBadgeColor } from '../../../components/SoftBadge.tsx';

/** Actif / Archivé of a supervisor, in the app's one badge style. */
export function SupervisorStatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <SoftBadge color={active ? 'green' : 'gray'} dot>
      {t(active ? 'supervisors.status.active' : 'supervisors.status.archived')}
    </SoftBadge>
  );
}

const siteColors: Record<SupervisorSite['status'], SoftBadgeColor> = {
  active: 'green',
  upcoming: 'blue',
  inactive: 'gray',
};

/** Actif / À venir / Inactif of one of their sites. */
export function SiteStatusBadge({ status }: { status: SupervisorSite['status'] }) {
  const { t } = useTranslation();
  return (
    <SoftBadge color={siteColors[status]} dot>
      {t(`supervisors.siteStatus.${status}`)}
    </SoftBadge>
  );
}
