import type { SiteStatus } from '@brigade/shared/clients';
import { Badge, Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const colors: Record<SiteStatus, string> = { active: 'green', upcoming: 'blue', inactive: 'gray' };

/**
 * A light badge with a coloured dot; the text stays near-black so that it keeps 4.5:1 contrast on
 * every tint (green shade 9 on the green tint does not).
 */
function StatusChip({ color, label }: { color: string; label: string }) {
  return (
    <Badge
      color={color}
      variant="light"
      radius="sm"
      tt="none"
      // Never cut the word short in a narrow table column.
      miw="max-content"
      leftSection={
        <Box
          component="span"
          w={8}
          h={8}
          style={{ borderRadius: '50%', background: `var(--mantine-color-${color}-7)` }}
          aria-hidden
        />
      }
      styles={{ label: { color: 'var(--mantine-color-dark-9)' } }}
    >
      {label}
    </Badge>
  );
}

/** Actif / À venir / Inactif of a site (derived by the server). */
export function SiteStatusBadge({ status }: { status: SiteStatus }) {
  const { t } = useTranslation();
  return <StatusChip color={colors[status]} label={t(`clients.site.statuses.${status}`)} />;
}

/** Actif / Inactif of a client. */
export function ClientStatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <StatusChip color={active ? 'green' : 'gray'} label={t(active ? 'clients.active' : 'clients.inactive')} />
  );
}
