import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge.tsx';

/** Actif / Archivé of a supervisor, in the app's one badge style. */
export function SupervisorStatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <SoftBadge color={active ? 'green' : 'gray'} dot>
      {t(active ? 'supervisors.status.active' : 'supervisors.status.archived')}
    </SoftBadge>
  );
}
