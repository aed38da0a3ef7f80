import { expiryUrgency } from '@brigade/shared/enums';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { daysUntil, formatDate } from '../lib/format.ts';
import { SoftBadge } from './SoftBadge.tsx';

const colors = { expired: 'red', soon: 'orange', upcoming: 'yellow' } as const;

/**
 * A certificate's expiry, alike on every page: the date, with a badge once it is close — red
 * "expirée depuis N jours", orange "expire dans N jours" (30 days or less), yellow within 90 days.
 * Without an expiry: "Sans échéance", or, for a skill that expires (made expirable after it was
 * given), an orange "Échéance à saisir": the holder stays valid until someone enters the date.
 *
 *   <ExpiryBadge expiresOn={skill.expiresOn} daysLeft={skill.daysLeft} expirable={skill.expirable} />
 */
export function ExpiryBadge({
  expiresOn,
  daysLeft,
  expirable = false,
}: {
  expiresOn: string | null;
  /** From the API, or computed from `expiresOn`. */
  daysLeft?: number | null;
  expirable?: boolean;
}) {
  const { t } = useTranslation();
  const days = daysLeft ?? daysUntil(expiresOn);
  if (!expiresOn && expirable) {
    return (
      <SoftBadge color="orange" data-urgency="to-enter">
        {t('expiry.toEnter')}
      </SoftBadge>
    );
  }
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
