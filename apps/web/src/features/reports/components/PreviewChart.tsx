import '@mantine/charts/styles.layer.css';
import type { ReportPreviewAnswer } from '@brigade/shared/reports';
import { BarChart, LineChart } from '@mantine/charts';
import { formatNumber } from '../../../lib/format.ts';

const palette = ['blue.6', 'orange.6', 'teal.6', 'grape.6'];

/** Where the numbers tell a story (hours per site, parking by site, ordered vs confirmed): the preview's chart. */
export default function PreviewChart({
  chart,
  label,
}: {
  chart: NonNullable<ReportPreviewAnswer['chart']>;
  label: string;
}) {
  const series = chart.series.map((item, index) => ({
    name: item.key,
    label: item.label,
    color: palette[index % palette.length] as string,
  }));
  const common = {
    h: 280,
    data: chart.data,
    dataKey: chart.labelKey,
    series,
    withLegend: true,
    valueFormatter: (value: number) => formatNumber(value, { maximumFractionDigits: 1 }),
    tickLine: 'y' as const,
  };
  return (
    <figure aria-label={label} data-testid="report-preview-chart" style={{ margin: 0 }}>
      {chart.kind === 'line' ? <LineChart {...common} /> : <BarChart {...common} />}
    </figure>
  );
}
