import { ActionIcon, Box, Button, Collapse, Group, Paper, Table, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Fragment, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardFields } from './CardFields.tsx';
import classes from './DataTable.module.css';
import { useCardLayout } from './useCardLayout.ts';

export interface RecordColumn<T> {
  key: string;
  /** Header in the table, label in the phone cards. */
  title: ReactNode;
  render: (record: T) => ReactNode;
  /** Codes and dates that must not break across lines (PO, Job #, 23/10/2026 – 12/12/2026). */
  nowrap?: boolean;
  /** In the phone cards, takes the card's whole width (a date with its badge). */
  wide?: boolean;
}

export interface RecordTableProps<T> {
  /** The table's (or the card list's) accessible name. */
  label: string;
  records: T[];
  rowKey: (record: T) => string;
  /** The first column names the record: it is the title of its card on phones. */
  columns: RecordColumn<T>[];
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
 *     columns={[{ key: 'name', title: t('clients.site.site'), render: (s) => s.name },
 *               { key: 'po', title: 'PO', render: (s) => s.po, nowrap: true }]}
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

function RecordRows<T>({
  label,
  records,
  rowKey,
  columns,
  actions,
  details,
  detailsLabel,
  rowTestId,
  ...rest
}: RecordTableProps<T>) {
  const { t } = useTranslation();
  const rowOf = useRecordRows({ rowKey, details, detailsLabel });
  const span = columns.length + (details ? 1 : 0) + (actions ? 1 : 0);
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table
        striped
        highlightOnHover
        verticalSpacing={6}
        fz="sm"
        aria-label={label}
        data-testid={rest['data-testid']}
      >
        <Table.Thead>
          <Table.Tr>
            {details ? (
              <Table.Th w={40}>
                <VisuallyHidden>{t('common.details')}</VisuallyHidden>
              </Table.Th>
            ) : null}
            {columns.map((column) => (
              <Table.Th key={column.key} style={{ whiteSpace: 'nowrap' }}>
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
          {records.map((record) => {
            const { key, more, toggle } = rowOf(record);
            return (
              <Fragment key={key}>
                <Table.Tr data-testid={rowTestId}>
                  {details ? <Table.Td>{more ? <DetailsToggle {...toggle} /> : null}</Table.Td> : null}
                  {columns.map((column) => (
                    <Table.Td key={column.key} style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                      {column.render(record)}
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

function RecordCards<T>({
  label,
  records,
  rowKey,
  columns,
  actions,
  details,
  detailsLabel,
  rowTestId,
  ...rest
}: RecordTableProps<T>) {
  const rowOf = useRecordRows({ rowKey, details, detailsLabel });
  const [title, ...fields] = columns;
  return (
    <ul className={classes.cards} aria-label={label} data-testid={rest['data-testid']}>
      {records.map((record) => {
        const { key, more, toggle } = rowOf(record);
        return (
          <Paper component="li" key={key} withBorder radius="sm" p="sm" data-testid={rowTestId}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Box fz="sm" fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {title ? title.render(record) : null}
              </Box>
              {actions ? (
                <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                  {actions(record)}
                </Group>
              ) : null}
            </Group>
            <CardFields
              style={{ marginTop: 6 }}
              fields={fields.map((column) => ({
                key: column.key,
                label: column.title,
                value: column.render(record),
                wide: column.wide,
              }))}
            />
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
