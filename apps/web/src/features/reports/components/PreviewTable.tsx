import type { ReportPreviewAnswer } from '@brigade/shared/reports';
import { ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatHours, formatMoney, formatNumber } from '../../../lib/format.ts';

type Column = ReportPreviewAnswer['columns'][number];

/** A preview cell as the documents write it: hours "9,5 h", money "12,50 $", dates, percentages. */
function cellText(column: Column, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') return column.kind === 'date' ? formatDate(value) : value;
  switch (column.kind) {
    case 'hours':
      return formatHours(value);
    case 'money':
      return formatMoney(value);
    case 'percent':
      return formatNumber(value, { style: 'percent', maximumFractionDigits: 0 });
    default:
      return formatNumber(value);
  }
}

const numeric = (column: Column) => column.kind !== 'text' && column.kind !== 'date';

/** The report's first rows, as a table with its header; numbers right-aligned, as in the documents. */
export function PreviewTable({ preview }: { preview: ReportPreviewAnswer }) {
  const { t } = useTranslation();
  return (
    // Scrolls on its own (both ways, the header kept in view) rather than squeezing the columns.
    // Its viewport takes the keyboard's focus (arrows scroll it) whether or not it overflows yet:
    // it overflows or not depending on the fonts and the chart beside it, once they have loaded.
    <ScrollArea.Autosize
      mah={560}
      type="auto"
      offsetScrollbars
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('reports.preview') }}
    >
      <Table
        striped
        highlightOnHover
        stickyHeader
        miw={Math.max(640, preview.columns.length * 130)}
        data-testid="report-preview-table"
      >
        <Table.Caption>
          <Text size="sm" c="dimmed" component="span">
            {t('reports.previewCaption', { shown: preview.rows.length, count: preview.rowCount })}
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {preview.columns.map((column) => (
              <Table.Th
                key={column.key}
                ta={numeric(column) ? 'right' : undefined}
                scope="col"
                style={{ whiteSpace: 'nowrap' }}
              >
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.rows.map((row, index) => (
            // Preview rows have no id of their own; their order is the document's.
            // biome-ignore lint/suspicious/noArrayIndexKey: a row's place is its identity here
            <Table.Tr key={index}>
              {preview.columns.map((column) => (
                <Table.Td
                  key={column.key}
                  ta={numeric(column) ? 'right' : undefined}
                  style={
                    numeric(column) ? { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } : undefined
                  }
                >
                  {cellText(column, row[column.key])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
