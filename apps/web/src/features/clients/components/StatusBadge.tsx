import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge.tsx';

/** Actif / Inactif of a client. */
export function ClientStatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <SoftBadge color={active ? 'green' : 'gray'} dot>
      {t(active ? 'clients.active' : 'clients.inactive')}
    </SoftBadge>
  );
}
