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
  const short = (value: string) => (value.length > 28 ? `${value.slice(0, 27)}…` : value);
  // Many sites: bars laid across, one line each with its name beside it, rather than names
  // written over each other under thin columns.
  const across = chart.kind === 'bar' && chart.data.length > 8;
  const common = {
    h: across ? 48 + chart.data.length * 28 : 280,
    data: chart.data,
    dataKey: chart.labelKey,
    series,
    withLegend: true,
    valueFormatter: (value: number) => formatNumber(value, { maximumFractionDigits: 1 }),
  };
  return (
    <figure aria-label={label} data-testid="report-preview-chart" style={{ margin: 0 }}>
      {chart.kind === 'line' ? (
        <LineChart {...common} tickLine="y" />
      ) : across ? (
        <BarChart
          {...common}
          orientation="vertical"
          tickLine="x"
          yAxisProps={{ width: 220, interval: 0, tickFormatter: short }}
        />
      ) : (
        <BarChart {...common} tickLine="y" xAxisProps={{ tickFormatter: short }} />
      )}
    </figure>
  );
}
