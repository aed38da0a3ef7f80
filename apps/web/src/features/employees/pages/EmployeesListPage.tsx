import type { EmployeeListItem } from '@brigade/shared/employees';
import { employeeStatuses, provinces } from '@brigade/shared/enums';
import { Group, Switch, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ActiveFilter, FilterSelect } from '../../../components/ActiveFilter.tsx';
import { PhoneLink } from '../../../components/ContactLink.tsx';
import { type Column, fromLg } from '../../../components/columns.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { ExpiryBadge } from '../../../components/ExpiryBadge.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { ListToolbar } from '../../../components/ListToolbar.tsx';
import { EmployeeStatusBadge } from '../../../components/StatusBadge.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { localName } from '../../../lib/i18n.ts';
import { type ListStateApi, useListState } from '../../../lib/listState.ts';
import { employeesListDefaults, employeesListQuery, skillOptionsQuery, toolOptionsQuery } from '../api.ts';

/**
 * Filters of the "Filtres" popover (counted on its button). A tool filter in use shows on the row
 * instead, so it is no longer counted.
 */
const moreFilterKeys = ['toolId', 'province', 'active'] as const;
const moreFilterKeysWithToolOnRow = ['province', 'active'] as const;

/**
 * Employees: instant server search (name, number, phone, e-mail, city), filters (status, skill —
 * with each one's expiry and "valid certificates only" —, tool, province, active), sort, 50 a
 * page. The previous page stays on screen while the next one loads.
 */
export default function EmployeesListPage() {
  const { t } = useTranslation();
  const list = useListState(employeesListDefaults);
  const query = useQuery(employeesListQuery(list.params));
  const skillId = list.filters.skillId;
  const toolFilter = (inPopover: boolean) => <ToolFilter list={list} inPopover={inPopover} />;

  const columns: Column<EmployeeListItem>[] = [
    { accessor: 'employeeNumber', title: t('employees.number'), sortable: true, noWrap: true },
    {
      accessor: 'lastName',
      title: t('employees.name'),
      sortable: true,
      ellipsis: true,
      width: '26%',
      render: (employee) => {
        const name = `${employee.lastName}, ${employee.firstName}`;
        return (
          <Group gap={6} wrap="nowrap">
            <Text
              size="sm"
              fw={500}
              c={employee.active ? undefined : 'dimmed'}
              truncate="end"
              title={name}
              style={{ minWidth: 0 }}
            >
              {name}
            </Text>
            {employee.fearOfHeights ? (
              <Tooltip label={t('employees.fearOfHeights')}>
                <IconAlertTriangle
                  size={16}
                  style={{ flexShrink: 0 }}
                  color="var(--mantine-color-orange-9)"
                  role="img"
                  aria-label={t('employees.fearOfHeights')}
                />
              </Tooltip>
            ) : null}
          </Group>
        );
      },
    },
    {
      accessor: 'phone',
      title: t('employees.mobile'),
      noWrap: true,
      render: (employee) => (employee.phone ? <PhoneLink phone={employee.phone} inRow /> : t('common.empty')),
    },
    {
      accessor: 'city',
      title: t('employees.city'),
      sortable: true,
      ellipsis: true,
      width: '16%',
      render: (employee) => (
        <Text size="sm" truncate="end" title={employee.city ?? undefined}>
          {employee.city ?? t('common.empty')}
        </Text>
      ),
    },
    {
      accessor: 'status',
      title: t('employees.status'),
      sortable: true,
      noWrap: true,
      render: (employee) => <EmployeeStatusBadge status={employee.status} />,
    },
    skillId
      ? {
          accessor: 'skillExpiresOn',
          title: t('employees.expiresOn'),
          wideInCard: true,
          noWrap: true,
          render: (employee) => (
            <SkillExpiryBadge expiresOn={employee.skillExpiresOn ?? null} skillId={skillId} />
          ),
        }
      : {
          accessor: 'skillCount',
          title: t('employees.skillCount'),
          textAlign: 'right',
          noWrap: true,
          hiddenInCard: true,
          render: (employee) => formatNumber(employee.skillCount),
        },
    {
      accessor: 'warrantyUntil',
      title: t('employees.warranty'),
      sortable: true,
      noWrap: true,
      hiddenInCard: true,
      visibleMediaQuery: fromLg,
      render: (employee) => formatDate(employee.warrantyUntil) || t('common.empty'),
    },
  ];

  return (
    <ListPage
      create={{ href: '/employees/create', label: t('titles.employeesCreate') }}
      toolbar={
        <ListToolbar
          list={list}
          searchLabel={t('employees.search')}
          searchPlaceholder={t('employees.searchPlaceholder')}
          moreFilters={{
            keys: list.filters.toolId ? moreFilterKeysWithToolOnRow : moreFilterKeys,
            content: (
              <>
                {list.filters.toolId ? null : toolFilter(true)}
                <FilterSelect
                  list={list}
                  filterKey="province"
                  label={t('form.province')}
                  placeholder={t('employees.allProvinces')}
                  data={provinces.map((code) => ({ value: code, label: t(`provinces.${code}`) }))}
                  searchable
                  inPopover
                />
                <ActiveFilter list={list} label={t('employees.activeFilter')} inPopover />
              </>
            ),
          }}
        >
          <FilterSelect
            list={list}
            filterKey="status"
            label={t('employees.status')}
            data={employeeStatuses.map((status) => ({
              value: status,
              label: t(`employeeStatuses.${status}`),
            }))}
            w={{ base: 'calc(50% - 4px)', sm: 150 }}
          />
          <SkillFilter list={list} />
          {list.filters.toolId ? toolFilter(false) : null}
          {skillId ? (
            <Switch
              label={t('employees.skillValidOnly')}
              checked={list.filters.skillValid === 'true'}
              onChange={(event) => list.setFilter('skillValid', event.currentTarget.checked ? 'true' : null)}
              data-testid="filter-skill-valid"
            />
          ) : null}
        </ListToolbar>
      }
    >
      <DataTable<EmployeeListItem>
        label={t('titles.employees')}
        list={list}
        query={query}
        rowHref={(employee) => `/employees/${employee.id}`}
        titleColumn="lastName"
        minWidth={720}
        columns={columns}
      />
    </ListPage>
  );
}

/*
 * The pickers fed by the catalogue (skills, tools) read it themselves: when it arrives, they are
 * redrawn, not the whole page (on a mid-range phone each redraw of the page was a tenth of a second
 * of blocked screen, and the two catalogues arrive apart).
 */

function SkillFilter({ list }: { list: ListStateApi }) {
  const { t } = useTranslation();
  const skills = useQuery(skillOptionsQuery);
  return (
    <FilterSelect
      list={list}
      filterKey="skillId"
      label={t('employees.skill')}
      data={(skills.data?.items ?? []).map((s) => ({ value: s.id, label: localName(s) }))}
      onChange={(value) =>
        list.setFilters({
          skillId: value,
          skillValid: value ? (list.filters.skillValid ?? null) : null,
        })
      }
      searchable
      w={{ base: 'calc(50% - 4px)', sm: 200 }}
      comboboxProps={{ width: 340, position: 'bottom-start' }}
    />
  );
}

function ToolFilter({ list, inPopover }: { list: ListStateApi; inPopover: boolean }) {
  const { t } = useTranslation();
  const tools = useQuery(toolOptionsQuery);
  return (
    <FilterSelect
      list={list}
      filterKey="toolId"
      label={t('employees.tool')}
      placeholder={inPopover ? t('employees.allTools') : undefined}
      data={(tools.data?.items ?? []).map((tool) => ({ value: tool.id, label: localName(tool) }))}
      searchable
      inPopover={inPopover}
      w={inPopover ? undefined : { base: 'calc(50% - 4px)', sm: 200 }}
    />
  );
}

function SkillExpiryBadge({ expiresOn, skillId }: { expiresOn: string | null; skillId: string }) {
  const skills = useQuery(skillOptionsQuery);
  return (
    <ExpiryBadge
      expiresOn={expiresOn}
      expirable={skills.data?.items.some((skill) => skill.id === skillId && skill.expirable)}
    />
  );
}
