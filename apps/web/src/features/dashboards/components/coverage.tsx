import type { SiteCoverage } from '@brigade/shared/alert-kinds';
import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryLoadError, type RetryableQuery } from '../../../components/LoadError.tsx';

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
export function LoadError({ query }: { query: RetryableQuery }) {
  const { t } = useTranslation();
  return <QueryLoadError query={query} title={t('dashboards.loadError')} data-testid="dashboard-error" />;
}
