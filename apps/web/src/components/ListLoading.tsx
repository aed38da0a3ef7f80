import { Box, Group, Paper, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/errors.ts';
import type { Column } from './columns.ts';
import classes from './DataTable.module.css';
import { ErrorAlert, RetryButton } from './LoadError.tsx';

/** As many placeholder rows as a first screen of the list shows. */
const skeletonRows = 8;

/**
 * What a list shows while its first page loads: the table's header with grey placeholder rows (a
 * card per placeholder on phones), so the page keeps its shape instead of a spinner.
 */
export function ListSkeleton<T>({
  columns,
  label,
  cards,
}: {
  columns: Column<T>[];
  label: string;
  cards: boolean;
}) {
  const { t } = useTranslation();
  const rows = Array.from({ length: skeletonRows }, (_, index) => index);
  const status = <VisuallyHidden role="status">{t('list.loading')}</VisuallyHidden>;
  if (cards) {
    return (
      <Stack gap="xs" aria-busy data-testid="list-skeleton">
        {status}
        {rows.map((row) => (
          <Paper key={row} withBorder radius="sm" p="sm">
            <Skeleton height={14} width="60%" mb={10} />
            <Group grow gap="sm">
              <Skeleton height={10} />
              <Skeleton height={10} />
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }
  const shown = columns.filter((column) => !column.visibleMediaQuery);
  return (
    <Box data-testid="list-skeleton">
      {status}
      <Table
        withTableBorder
        verticalSpacing={10}
        fz="sm"
        aria-label={label}
        aria-busy
        className={classes.skeleton}
      >
        <Table.Thead>
          <Table.Tr>
            {shown.map((column) => (
              <Table.Th key={column.accessor} ta={column.textAlign}>
                {column.title}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row}>
              {shown.map((column) => (
                <Table.Td key={column.accessor}>
                  <Skeleton
                    height={12}
                    width={column.ellipsis ? '70%' : '50%'}
                    ml={column.textAlign === 'right' ? 'auto' : 0}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

/**
 * A list that could not be loaded (server error, no network): why, and a button to try again —
 * never the empty state, which would say there is nothing. An alert, so it is announced.
 */
export function ListLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <ErrorAlert title={t('list.loadFailed')} data-testid="list-error">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <RetryButton onRetry={onRetry} data-testid="list-retry" />
      </Stack>
    </ErrorAlert>
  );
}
