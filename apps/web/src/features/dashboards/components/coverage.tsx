import type { SiteCoverage } from '@brigade/shared/alert-kinds';
import { Alert, Box, Button, Group } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors.ts';

/** The map's colours: full green, partial orange, none red, no order grey (legend and markers). */
export const coverageColors: Record<SiteCoverage, string> = {
  full: '#2b8a3e',
  partial: '#e8590c',
  none: '#c92a2a',
  no_order: '#868e96',
};

/** A coloured dot beside a site's name (its colour is also said in words next to it). */
export function CoverageDot({ coverage, size = 12 }: { coverage: SiteCoverage; size?: number }) {
  return (
    <Box
      component="span"
      aria-hidden
      style={{
        display: 'inline-block',
        flexShrink: 0,
        width: size,
        height: size,
        borderRadius: '50%',
        background: coverageColors[coverage],
        border: '2px solid #fff',
        boxShadow: '0 0 0 1px var(--mantine-color-gray-5)',
      }}
    />
  );
}

/** What a dashboard says when its data could not be loaded, with Retry. */
export function LoadError({
  query,
}: {
  query: { error: unknown; isFetching: boolean; refetch: () => unknown };
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('dashboards.loadError')}
      data-testid="dashboard-error"
    >
      {errorMessage(query.error)}
      <Group mt="sm">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={query.isFetching}
          onClick={() => query.refetch()}
        >
          {t('common.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
