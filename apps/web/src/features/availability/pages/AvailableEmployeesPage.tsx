import type { AvailableEmployee, OpenOrderOfDay } from '@brigade/shared/availability';
import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/ActiveFilter.tsx';
import { PhoneLink } from '../../../components/ContactLink.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { DateField } from '../../../components/DateField.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { ListToolbar } from '../../../components/ListToolbar.tsx';
import { SoftBadge } from '../../../components/SoftBadge.tsx';
import { EmployeeStatusBadge } from '../../../components/StatusBadge.tsx';
import { addDays, companyToday } from '../../../lib/calendar.ts';
import { localName } from '../../../lib/i18n.ts';
import { useListState } from '../../../lib/listState.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { toast } from '../../../lib/toast.tsx';
import { availableEmployeesQuery, openOrdersOfDayQuery, proposeOnOrder, skillOptionsQuery } from '../api.ts';
import { ProposeMenu } from '../components/ProposeMenu.tsx';
import { dayName } from '../dayName.ts';

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** The day shown, the days before and after, and back to today (once another day is shown). */
function DayPicker({ date, onChange }: { date: string; onChange: (date: string) => void }) {
  const { t } = useTranslation();
  const today = companyToday();
  return (
    <Group gap={6} wrap="nowrap" role="group" aria-label={t('availability.day')} data-testid="day-picker">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('availability.previousDay')}
        onClick={() => onChange(addDays(date, -1))}
      >
        <IconChevronLeft size={18} aria-hidden />
      </ActionIcon>
      <DateField
        aria-label={t('availability.day')}
        value={date}
        onChange={(value) => onChange(value ?? today)}
        clearable={false}
        w={{ base: 130, sm: 140 }}
        data-testid="day"
      />
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('availability.nextDay')}
        onClick={() => onChange(addDays(date, 1))}
      >
        <IconChevronRight size={18} aria-hidden />
      </ActionIcon>
      {date === today ? null : (
        <Button variant="subtle" onClick={() => onChange(today)}>
          {t('availability.today')}
        </Button>
      )}
    </Group>
  );
}

/**
 * Employés disponibles (spec §2, dashboard-employees): who is free on a day (today by default) —
 * active, not away, not booked on an order of that day — with their skills, city, status and phone,
 * filtered by skill and searched by name, number, phone or city; beside each, one click proposes
 * them on an open order of that day.
 */
export default function AvailableEmployeesPage() {
  const { t } = useTranslation();
  const list = useListState({ filters: { date: '', skillId: '' } });
  const asked = list.filters.date ?? '';
  const date = isoDay.test(asked) ? asked : companyToday();
  const setDate = (next: string) => list.setFilter('date', next === companyToday() ? '' : next);

  const query = useQuery({
    ...availableEmployeesQuery({
      date,
      ...(list.q ? { q: list.q } : {}),
      ...(list.filters.skillId ? { skillId: list.filters.skillId } : {}),
      page: list.page,
      pageSize: list.pageSize,
    }),
    placeholderData: keepPreviousData,
  });
  const orders = useQuery(openOrdersOfDayQuery(date));
  const skills = useQuery(skillOptionsQuery);

  const [proposing, setProposing] = useState<{ employeeId: string; orderId: string } | null>(null);
  const assign = proposeOnOrder('');
  const propose = useApiMutation({
    mutationFn: ({ employee, order }: { employee: AvailableEmployee; order: OpenOrderOfDay }) =>
      proposeOnOrder(order.id).mutationFn(employee.id),
    // The worker is no longer free that day, and the order has one place less (both read as dashboards).
    changes: assign.changes,
    successKey: false,
    onMutate: ({ employee, order }) => setProposing({ employeeId: employee.id, orderId: order.id }),
    onSettled: () => setProposing(null),
    onSuccess: (_created, { employee, order }) =>
      toast.success(
        t('availability.proposed', {
          name: `${employee.firstName} ${employee.lastName}`,
          order: `${order.client.name} — ${order.site.name}`,
        }),
      ),
  });

  const total = query.data?.total;
  const nobodyAtAll = total === 0 && !list.q && !list.filters.skillId && !query.isFetching;

  return (
    <ListPage
      toolbar={
        <Stack gap="xs">
          <ListToolbar
            list={list}
            searchLabel={t('availability.search')}
            searchPlaceholder={t('availability.searchPlaceholder')}
          >
            <DayPicker date={date} onChange={setDate} />
            <FilterSelect
              list={list}
              filterKey="skillId"
              label={t('availability.skill')}
              searchable
              data={(skills.data?.items ?? []).map((skill) => ({ value: skill.id, label: localName(skill) }))}
              w={{ base: '100%', sm: 220 }}
            />
          </ListToolbar>
          <Text size="sm" aria-live="polite" data-testid="available-summary">
            {total === undefined ? (
              t('common.loading')
            ) : (
              <>
                <Text span fw={700} inherit>
                  {t('availability.count', { count: total, date: dayName(date) })}
                </Text>
                {orders.data ? (
                  <Text span c="dimmed" inherit>
                    {' · '}
                    {t('availability.ordersCount', { count: orders.data.items.length })}
                  </Text>
                ) : null}
              </>
            )}
          </Text>
        </Stack>
      }
    >
      {nobodyAtAll ? (
        <Paper withBorder radius="sm" p="xl" data-testid="available-empty">
          <Stack align="center" gap={4}>
            <Text fw={600}>{t('availability.nobody', { date: dayName(date) })}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {t('availability.nobodyHelp')}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <DataTable<AvailableEmployee>
          label={t('titles.availableEmployees')}
          list={list}
          query={query}
          rowHref={(employee) => `/employees/${employee.id}`}
          minWidth={760}
          columns={[
            {
              accessor: 'name',
              title: t('availability.name'),
              width: 190,
              render: (employee) => (
                <Text span size="sm" fw={600}>
                  {employee.lastName}, {employee.firstName}
                </Text>
              ),
            },
            {
              accessor: 'phone',
              title: t('availability.phone'),
              noWrap: true,
              render: (employee) => (employee.phone ? <PhoneLink phone={employee.phone} inRow /> : '—'),
            },
            {
              accessor: 'city',
              title: t('availability.city'),
              render: (employee) => employee.city ?? '—',
            },
            {
              accessor: 'status',
              title: t('availability.status'),
              noWrap: true,
              render: (employee) => <EmployeeStatusBadge status={employee.status} />,
            },
            {
              accessor: 'skills',
              title: t('availability.skills'),
              wideInCard: true,
              render: (employee) =>
                employee.skills.length ? (
                  <Group gap={4}>
                    {employee.skills.map((skill) => (
                      <SoftBadge
                        key={skill.skillId}
                        color={skill.expired ? 'red' : skill.important ? 'blue' : 'gray'}
                        // A long name is cut rather than widen a phone's card.
                        miw={0}
                        maw="100%"
                      >
                        {localName(skill)}
                        {skill.expired ? ` (${t('availability.expired')})` : ''}
                      </SoftBadge>
                    ))}
                  </Group>
                ) : (
                  <Text span size="sm" c="dimmed">
                    {t('availability.noSkills')}
                  </Text>
                ),
            },
            {
              accessor: 'propose',
              title: t('availability.proposeColumn'),
              noWrap: true,
              textAlign: 'right',
              render: (employee) => (
                <ProposeMenu
                  employee={employee}
                  date={date}
                  orders={orders.data?.items}
                  proposingOn={proposing?.employeeId === employee.id ? proposing.orderId : null}
                  onPropose={(order) => propose.mutate({ employee, order })}
                />
              ),
            },
          ]}
        />
      )}
    </ListPage>
  );
}
