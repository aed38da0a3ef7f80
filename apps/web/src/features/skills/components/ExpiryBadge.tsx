import { expiryUrgency } from '@brigade/shared/catalog';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge.tsx';
import { formatDate } from '../../../lib/format.ts';

const colors = { expired: 'red', soon: 'orange', upcoming: 'yellow', ok: 'green', none: 'gray' } as const;

/**
 * A certificate's expiry date with its urgency: expired red, within 30 days orange, within 90
 * yellow. Text in the darkest shade so that it keeps its contrast on the tinted background.
 */
export function ExpiryBadge({ expiresOn, daysLeft }: { expiresOn: string | null; daysLeft: number | null }) {
  const { t } = useTranslation();
  const urgency = expiryUrgency(daysLeft);
  if (!expiresOn || daysLeft === null) return <>{t('skills.noExpiry')}</>;
  const color = colors[urgency];
  const label =
    urgency === 'expired'
      ? t('skills.expiredAgo', { count: -daysLeft })
      : t('skills.daysLeft', { count: daysLeft });
  return (
    <SoftBadge color={color} fw={600} data-urgency={urgency}>
      {formatDate(expiresOn)} · {label}
    </SoftBadge>
  );
}
