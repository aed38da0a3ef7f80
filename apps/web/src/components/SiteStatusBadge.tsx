import type { SiteStatus } from '@brigade/shared/clients';
import { useTranslation } from 'react-i18next';
import { SoftBadge, type SoftBadgeColor } from './SoftBadge.tsx';

const colors: Record<SiteStatus, SoftBadgeColor> = { active: 'green', upcoming: 'blue', inactive: 'gray' };

/** Actif / À venir / Inactif of a site (derived by the server), on a client's or a supervisor's page. */
export function SiteStatusBadge({ status }: { status: SiteStatus }) {
  const { t } = useTranslation();
  return (
    <SoftBadge color={colors[status]} dot>
      {t(`siteStatuses.${status}`)}
    </SoftBadge>
  );
}
