import type { SkillHolder } from '@brigade/shared/catalog';
import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format.ts';
import { ExpiryBadge } from './ExpiryBadge.tsx';

/** Employees holding a skill; each name opens the employee. */
export function HoldersTable({ holders, label }: { holders: SkillHolder[]; label: string }) {
  const { t } = useTranslation();
  if (holders.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('skills.noHolders')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped highlightOnHover verticalSpacing={6} fz="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('skills.employee')}</Table.Th>
            <Table.Th>{t('skills.employeeNumber')}</Table.Th>
            <Table.Th>{t('skills.obtainedOn')}</Table.Th>
            <Table.Th>{t('skills.expiresOn')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {holders.map((holder) => (
            <Table.Tr key={holder.employeeId}>
              <Table.Td>
                <Anchor component={Link} to={`/employees/${holder.employeeId}`} size="sm">
                  {holder.lastName}, {holder.firstName}
                </Anchor>
              </Table.Td>
              <Table.Td>{holder.employeeNumber}</Table.Td>
              <Table.Td>{formatDate(holder.obtainedOn) || t('common.empty')}</Table.Td>
              <Table.Td>
                <ExpiryBadge expiresOn={holder.expiresOn} daysLeft={holder.daysLeft} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
