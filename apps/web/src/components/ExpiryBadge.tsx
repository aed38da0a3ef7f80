import { expiryUrgency } from '@brigade/shared/catalog';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { daysUntil, formatDate } from '../lib/format.ts';
import { SoftBadge } from './SoftBadge.tsx';

const colors = { expired: 'red', soon: 'orange', upcoming: 'yellow' } as const;

/**
 * A certificate's expiry, alike on every page: the date, with a badge once it is close — red
 * "expirée depuis N jours", orange "expire dans N jours" (30 days or less), yellow within 90 days.
 * Without an expiry: "Sans échéance".
 *
 *   <ExpiryBadge expiresOn={skill.expiresOn} daysLeft={skill.daysLeft} />   // daysLeft from the API, or computed
 */
export function ExpiryBadge({ expiresOn, daysLeft }: { expiresOn: string | null; daysLeft?: number | null }) {
  const { t } = useTranslation();
  const days = daysLeft ?? daysUntil(expiresOn);
  if (!expiresOn || days === null) {
    return (
      <Text span size="sm" c="dimmed">
        {t('expiry.none')}
      </Text>
    );
  }
  const urgency = expiryUrgency(days);
  return (
    <Group gap={6} wrap="wrap" component="span" display="inline-flex">
      <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDate(expiresOn)}
      </Text>
      {urgency === 'expired' || urgency === 'soon' || urgency === 'upcoming' ? (
        <SoftBadge color={colors[urgency]} data-urgency={urgency}>
          {urgency === 'expired'
            ? t('expiry.expiredAgo', { count: -days })
            : t('expiry.expiresIn', { count: days })}
        </SoftBadge>
      ) : null}
    </Group>
  );
}
