import type { SiteStatus } from '@brigade/shared/clients';
import { useTranslation } from 'react-i18next';
import { SoftBadge, type SoftBadgeColor } from '../../../components/SoftBadge.tsx';

const colors: Record<SiteStatus, SoftBadgeColor> = { active: 'green', upcoming: 'blue', inactive: 'gray' };

/** Actif / À venir / Inactif of a site (derived by the server). */
export function SiteStatusBadge({ status }: { status: SiteStatus }) {
  const { t } = useTranslation();
  return (
    <SoftBadge color={colors[status]} dot>
      {t(`clients.site.statuses.${status}`)}
    </SoftBadge>
  );
}

/** Actif / Inactif of a client. */
export function ClientStatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <SoftBadge color={active ? 'green' : 'gray'} dot>
      {t(active ? 'clients.active' : 'clients.inactive')}
    </SoftBadge>
  );
}
