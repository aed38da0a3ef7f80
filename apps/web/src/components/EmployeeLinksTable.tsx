import { Anchor, Group, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column } from './columns.ts';
import { RecordTable } from './RecordTable.tsx';

/** An employee as a record's page lists them (a skill's holders, a tool's owners). */
export interface EmployeeLink {
  employeeId: string;
  employeeNumber: string;
  firstName: string;
  lastName: string;
}

export interface EmployeeLinksTableProps<T extends EmployeeLink> {
  /** The table's accessible name. */
  label: string;
  records: T[];
  /** Shown instead of the table when there is nobody. */
  empty: string;
  /** Columns after the name and the number (cards on phones). */
  columns?: Column<T>[];
  /**
   * The whole number when the server sent only the first ones, with the i18n key (`shown`,
   * `total`) of the note under the table ("200 premiers détenteurs sur 240, par nom.").
   */
  capped?: { total: number; key: string };
}

/**
 * Employees linked to a record: each name opens the employee, then their number and `columns`.
 *
 *   <EmployeeLinksTable label={t('tools.ownersTitle', { count })} records={tool.owners} empty={t('tools.noOwners')}
 *     capped={{ total: tool.ownerCount, key: 'tools.ownersCapped' }} />
 */
export function EmployeeLinksTable<T extends EmployeeLink>({
  label,
  records,
  empty,
  columns = [],
  capped,
}: EmployeeLinksTableProps<T>) {
  const { t } = useTranslation();
  return (
    <>
      {records.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <RecordTable<T>
          label={label}
          records={records}
          rowKey={(employee) => employee.employeeId}
          columns={[
            {
              accessor: 'employee',
              title: t('employeeLinks.employee'),
              render: (employee) => (
                <Anchor component={Link} to={`/employees/${employee.employeeId}`} size="sm" fw={600}>
                  {employee.lastName}, {employee.firstName}
                </Anchor>
              ),
            },
            { accessor: 'employeeNumber', title: t('employeeLinks.number'), noWrap: true },
            ...columns,
          ]}
        />
      )}
      {capped && capped.total > records.length ? (
        <Text size="xs" c="dimmed" mt="xs">
          {t(capped.key, { shown: records.length, total: capped.total })}
        </Text>
      ) : null}
    </>
  );
}

/**
 * "Voir les 240 dans Employés": the employees list filtered on the record (nothing when `count` is 0).
 *
 *   <DetailCard action={<SeeAllLink to={`/employees?toolId=${id}`} count={tool.ownerCount} data-testid="tool-owners-all" />}>
 */
export function SeeAllLink({
  to,
  count,
  'data-testid': testId,
}: {
  to: string;
  count: number;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Anchor component={Link} to={to} size="sm" data-testid={testId}>
      <Group gap={4} wrap="nowrap" component="span">
        {t('employeeLinks.seeAll', { count })}
        <IconArrowRight size={14} aria-hidden />
      </Group>
    </Anchor>
  );
}
