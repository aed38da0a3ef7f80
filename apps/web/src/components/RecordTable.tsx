import { ActionIcon, Box, Button, Collapse, Group, Paper, Table, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Fragment, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardFields } from './CardFields.tsx';
import { type Column, cardFields, cellValue } from './columns.ts';
import classes from './DataTable.module.css';
import { useCardLayout } from './useCardLayout.ts';

export interface RecordTableProps<T> {
  /** The table's (or the card list's) accessible name. */
  label: string;
  records: T[];
  rowKey: (record: T) => string;
  /** The first column names the record: it is the title of its card on phones. */
  columns: Column<T>[];
  /** Buttons of a record (edit, delete…): the last column, or the card's top-right corner. */
  actions?: (record: T) => ReactNode;
  /** More about a record, shown under its row when opened (null: nothing more to show). */
  details?: (record: T) => ReactNode | null;
  /** The accessible name of a record's details toggle, e.g. "Détails de Tour Le Quartz". */
  detailsLabel?: (record: T) => string;
  'data-testid'?: string;
  /** data-testid of each row (or card). */
  rowTestId?: string;
}

/**
 * The small tables inside a record's page (a client's sites, an employee's skills, a skill's
 * holders…): a striped table from 48em, one card per record on phones with its actions in view.
 *
 *   <RecordTable label={t('clients.sitesTitle')} records={sites} rowKey={(s) => s.id}
 *     columns={[{ accessor: 'name', title: t('clients.site.site') },
 *               { accessor: 'po', title: 'PO', noWrap: true, render: (s) => s.po ?? '—' }]}
 *     actions={(s) => <ActionIcon …/>} />
 */
export function RecordTable<T>(props: RecordTableProps<T>) {
  return useCardLayout() ? <RecordCards {...props} /> : <RecordRows {...props} />;
}

function DetailsToggle({
  opened,
  onToggle,
  label,
  controls,
  withText,
}: {
  opened: boolean;
  onToggle: () => void;
  label: string;
  controls: string;
  withText?: boolean;
}) {
  const { t } = useTranslation();
  const icon = (
    <IconChevronDown
      size={16}
      aria-hidden
      style={{ transform: opened ? 'rotate(180deg)' : undefined, transition: 'transform 150ms ease' }}
    />
  );
  return withText ? (
    <Button
      variant="subtle"
      size="compact-sm"
      rightSection={icon}
      onClick={onToggle}
      aria-expanded={opened}
      aria-controls={controls}
      aria-label={label}
    >
      {t('common.details')}
    </Button>
  ) : (
    <ActionIcon
      variant="subtle"
      color="gray"
      onClick={onToggle}
      aria-expanded={opened}
      aria-controls={controls}
      aria-label={label}
      data-testid="row-details-toggle"
    >
      {icon}
    </ActionIcon>
  );
}

/**
 * Per record of a RecordRows/RecordCards: its key, its details (null: nothing more) and the props of
 * its details toggle, whose `controls` is the id of the details' element. Opened details are kept
 * by record key.
 */
function useRecordRows<T>({
  rowKey,
  details,
  detailsLabel,
}: Pick<RecordTableProps<T>, 'rowKey' | 'details' | 'detailsLabel'>) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  return (record: T) => {
    const key = rowKey(record);
    return {
      key,
      more: details?.(record) ?? null,
      toggle: {
        opened: open.has(key),
        onToggle: () => toggle(key),
        label: detailsLabel?.(record) ?? t('common.details'),
        controls: `${id}-${key}`,
      },
    };
  };
}

function RecordRows<T>(props: RecordTableProps<T>) {
  const { label, records, columns, actions, details, rowTestId } = props;
  const { t } = useTranslation();
  const rowOf = useRecordRows(props);
  const span = columns.length + (details ? 1 : 0) + (actions ? 1 : 0);
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table
        striped
        highlightOnHover
        verticalSpacing={6}
        fz="sm"
        aria-label={label}
        data-testid={props['data-testid']}
      >
        <Table.Thead>
          <Table.Tr>
            {details ? (
              <Table.Th w={40}>
                <VisuallyHidden>{t('common.details')}</VisuallyHidden>
              </Table.Th>
            ) : null}
            {columns.map((column) => (
              <Table.Th key={column.accessor} ta={column.textAlign} style={{ whiteSpace: 'nowrap' }}>
                {column.title}
              </Table.Th>
            ))}
            {actions ? (
              <Table.Th>
                <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record, index) => {
            const { key, more, toggle } = rowOf(record);
            return (
              <Fragment key={key}>
                <Table.Tr data-testid={rowTestId}>
                  {details ? <Table.Td>{more ? <DetailsToggle {...toggle} /> : null}</Table.Td> : null}
                  {columns.map((column) => (
                    <Table.Td
                      key={column.accessor}
                      ta={column.textAlign}
                      style={column.noWrap ? { whiteSpace: 'nowrap' } : undefined}
                    >
                      {cellValue(column, record, index)}
                    </Table.Td>
                  ))}
                  {actions ? (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        {actions(record)}
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
                {more && toggle.opened ? (
                  <Table.Tr id={toggle.controls}>
                    <Table.Td colSpan={span} bg="gray.0">
                      {more}
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RecordCards<T>(props: RecordTableProps<T>) {
  const { label, records, columns, actions, rowTestId } = props;
  const rowOf = useRecordRows(props);
  const [title] = columns;
  return (
    <ul className={classes.cards} aria-label={label} data-testid={props['data-testid']}>
      {records.map((record, index) => {
        const { key, more, toggle } = rowOf(record);
        return (
          <Paper component="li" key={key} withBorder radius="sm" p="sm" data-testid={rowTestId}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Box fz="sm" fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {title ? cellValue(title, record, index) : null}
              </Box>
              {actions ? (
                <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                  {actions(record)}
                </Group>
              ) : null}
            </Group>
            <CardFields style={{ marginTop: 6 }} fields={cardFields(columns, title, record, index)} />
            {more ? (
              <>
                <DetailsToggle {...toggle} withText />
                <Collapse expanded={toggle.opened} id={toggle.controls}>
                  <Box pt={6}>{more}</Box>
                </Collapse>
              </>
            ) : null}
          </Paper>
        );
      })}
    </ul>
  );
}
