import type { SupervisorOrphanedSite } from '@brigade/shared';
import { Alert, Anchor, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * "Replace them first": the live sites this supervisor is the only one of (their detail's
 * `soleSupervisorOf`, or a 409 CONFLICT). Each site opens in its client's page, where another
 * supervisor can be put on it.
 */
export function OrphanedSitesAlert({
  sites,
  onClose,
}: {
  sites: SupervisorOrphanedSite[];
  onClose?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('supervisors.onlySupervisor.title')}
      // Orange on its light background is too faint for a title (axe: 3.6:1); the text colour reads.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      withCloseButton={!!onClose}
      closeButtonLabel={t('common.close')}
      onClose={onClose}
      data-testid="only-supervisor-alert"
      role="alert"
    >
      {t('supervisors.onlySupervisor.message')}
      <List size="sm" mt="xs">
        {sites.map((site) => (
          <List.Item key={site.id}>
            <Anchor component={Link} to={`/clients/${site.clientId}?site=${site.id}`} size="sm">
              {site.name}
            </Anchor>
            {' — '}
            <Anchor component={Link} to={`/clients/${site.clientId}`} size="sm">
              {site.clientName}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
