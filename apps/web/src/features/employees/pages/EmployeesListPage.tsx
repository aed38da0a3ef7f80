import { type EmployeeListItem, employeeStatuses } from '@brigade/shared/employees';
import { Anchor, Group, Select, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable.tsx';
import { formatPhone } from '../../../components/inputs.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { ListToolbar } from '../../../components/ListToolbar.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useListState } from '../../../lib/listState.ts';
import { employeesListQuery, skillOptionsQuery } from '../api.ts';
import { localName, StatusBadge } from '../components/badges.tsx';

/**
 * Employees: instant server search (name, number, phone, e-mail, city), filters (status, skill,
 * active, province), sort, 50 a page. The previous page stays on screen while the next one loads.
 */
export default function EmployeesListPage() {
  const { t } = useTranslation();
  const list = useListState({
    sort: 'lastName',
    pageSize: 50,
    filters: { active: 'true', status: '', skillId: '', province: '' },
  });
  const query = useQuery(employeesListQuery(list.params));
  const skills = useQuery(skillOptionsQuery);

  return (
    <ListPage
      toolbar={
        <ListToolbar
          list={list}
          searchLabel={t('employees.search')}
          createHref="/employees/create"
          createLabel={t('titles.employeesCreate')}
        >
          <Select
            label={t('employees.status')}
            placeholder={t('employees.allStatuses')}
            data={employeeStatuses.map((status) => ({
              value: status,
              label: t(`employees.statuses.${status}`),
            }))}
            value={list.filters.status || null}
            onChange={(value) => list.setFilter('status', value ?? '')}
            clearable
            w={{ base: 'calc(50% - 6px)', xs: 150 }}
          />
          <Select
            label={t('employees.skill')}
            placeholder={t('employees.allSkills')}
            data={(skills.data?.items ?? []).map((skill) => ({ value: skill.id, label: localName(skill) }))}
            value={list.filters.skillId || null}
            onChange={(value) => list.setFilter('skillId', value ?? '')}
            searchable
            clearable
            nothingFoundMessage={t('list.noResults')}
            w={{ base: 'calc(50% - 6px)', xs: 220 }}
            comboboxProps={{ width: 320, position: 'bottom-start' }}
          />
          <Select
            label={t('form.province')}
            placeholder={t('employees.allProvinces')}
            data={['QC', 'ON', 'NB', 'NS', 'PE', 'NL', 'MB', 'SK', 'AB', 'BC', 'YT', 'NT', 'NU'].map(
              (code) => ({
                value: code,
                label: t(`provinces.${code}`),
              }),
            )}
            value={list.filters.province || null}
            onChange={(value) => list.setFilter('province', value ?? '')}
            clearable
            w={{ base: 'calc(50% - 6px)', xs: 150 }}
          />
          <Select
            label={t('employees.activeFilter')}
            data={(['true', 'false', 'all'] as const).map((value) => ({
              value,
              label: t(`list.active.${value}`),
            }))}
            value={list.filters.active || 'all'}
            onChange={(value) => list.setFilter('active', value ?? 'all')}
            allowDeselect={false}
            w={{ base: 'calc(50% - 6px)', xs: 130 }}
          />
        </ListToolbar>
      }
    >
      <DataTable<EmployeeListItem>
        label={t('titles.employees')}
        list={list}
        query={query}
        rowHref={(employee) => `/employees/${employee.id}`}
        minWidth={900}
        columns={[
          { accessor: 'employeeNumber', title: t('employees.number'), sortable: true, width: 100 },
          {
            accessor: 'lastName',
            title: t('employees.name'),
            sortable: true,
            render: (employee) => (
              <Group gap={6} wrap="nowrap">
                <Text size="sm" fw={500} c={employee.active ? undefined : 'dimmed'}>
                  {employee.lastName}, {employee.firstName}
                </Text>
                {employee.fearOfHeights ? (
                  <Tooltip label={t('employees.fearOfHeights')}>
                    <IconAlertTriangle
                      size={16}
                      color="var(--mantine-color-orange-9)"
                      role="img"
                      aria-label={t('employees.fearOfHeights')}
                    />
                  </Tooltip>
                ) : null}
              </Group>
            ),
          },
          {
            accessor: 'phone',
            title: t('employees.mobile'),
            render: (employee) =>
              employee.phone ? (
                <Anchor href={`tel:${employee.phone}`} size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatPhone(employee.phone)}
                </Anchor>
              ) : (
                t('common.empty')
              ),
          },
          {
            accessor: 'city',
            title: t('employees.city'),
            sortable: true,
            render: (employee) => employee.city ?? t('common.empty'),
          },
          {
            accessor: 'status',
            title: t('employees.status'),
            sortable: true,
            width: 130,
            render: (employee) => <StatusBadge status={employee.status} />,
          },
          {
            accessor: 'skillCount',
            title: t('employees.skillCount'),
            textAlign: 'right',
            width: 125,
            render: (employee) => formatNumber(employee.skillCount),
          },
          {
            accessor: 'warrantyUntil',
            title: t('employees.warranty'),
            sortable: true,
            width: 120,
            render: (employee) => formatDate(employee.warrantyUntil) || t('common.empty'),
          },
        ]}
      />
    </ListPage>
  );
}
