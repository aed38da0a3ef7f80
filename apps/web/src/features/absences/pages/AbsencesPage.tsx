import type { Absence } from '@brigade/shared/absences';
import { isHealthAbsence, shownAbsenceTypes } from '@brigade/shared/enums';
import { Badge, Button, CloseButton, Group, SegmentedControl, Text } from '@mantine/core';
import { type Icon, IconCalendarEvent, IconList } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AbsencePeriod } from '../../../components/AbsencePeriod.tsx';
import { AbsenceTypeBadge } from '../../../components/AbsenceTypeBadge.tsx';
import { ClientFilter, FilterSelect } from '../../../components/ActiveFilter.tsx';
import { type Column, fromLg } from '../../../components/columns.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { ListToolbar } from '../../../components/ListToolbar.tsx';
import { PeriodFilter } from '../../../components/PeriodFilter.tsx';
import { companyToday } from '../../../lib/calendar.ts';
import { formatDate } from '../../../lib/format.ts';
import { useListState } from '../../../lib/listState.ts';
import { absencesListQuery, clientOptionsQuery } from '../api.ts';
import { AbsenceCalendar } from '../components/AbsenceCalendar.tsx';
import { AbsenceSummary } from '../components/AbsenceSummary.tsx';

/** A view's choice in the list/calendar switch: its icon, then its name. */
function ViewLabel({ icon: ViewIcon, label }: { icon: Icon; label: string }) {
  return (
    <Group gap={6} wrap="nowrap" justify="center">
      <ViewIcon size={16} aria-hidden />
      {label}
    </Group>
  );
}

/**
 * Absences (also the Absences dashboard item): who is away today and this week, then every
 * absence and blacklist, as a list (today's first; filters by type, client, period; search by
 * employee) or as a month calendar. The view, month and filters live in the URL.
 */
export default function AbsencesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const view = params.get('view') === 'calendar' ? 'calendar' : 'list';
  const month = /^\d{4}-\d{2}$/.test(params.get('month') ?? '')
    ? (params.get('month') as string)
    : companyToday().slice(0, 7);
  const list = useListState({ sort: 'relevance', filters: { type: '', clientId: '', from: '', to: '' } });
  const query = useQuery({ ...absencesListQuery(list.params), enabled: view === 'list' });
  const clients = useQuery(clientOptionsQuery);

  /** Changes the view or month in the URL, keeping the list's filters. */
  const setParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    navigate({ search: next.toString() ? `?${next}` : '' }, { replace: true, preventScrollReset: true });
  };
  const showDay = (date: string) => setParams({ view: null, from: date, to: date, page: null });
  const oneDay = list.filters.from && list.filters.from === list.filters.to ? list.filters.from : null;

  const columns: Column<Absence>[] = [
    {
      accessor: 'employee',
      title: t('absences.employee'),
      sortable: true,
      ellipsis: true,
      width: '24%',
      render: (absence) => {
        const name = `${absence.employee.lastName}, ${absence.employee.firstName}`;
        return (
          <Text
            size="sm"
            fw={500}
            truncate="end"
            title={name}
            c={absence.employee.active ? undefined : 'dimmed'}
          >
            {name}
          </Text>
        );
      },
    },
    {
      accessor: 'type',
      title: t('absences.type'),
      sortable: true,
      noWrap: true,
      render: (absence) => <AbsenceTypeBadge type={absence.type} />,
    },
    {
      accessor: 'startsOn',
      title: t('absences.period'),
      sortable: true,
      wideInCard: true,
      render: (absence) => (
        // The badge goes under the dates when the column is narrow, never over the next one.
        <Group gap={4} wrap="wrap">
          <span style={{ whiteSpace: 'nowrap' }}>
            <AbsencePeriod absence={absence} />
          </span>
          {absence.current && absence.type !== 'blacklist' ? (
            // Never squeezed to a dot by a narrow column.
            <Badge size="xs" variant="filled" color="brand.9" style={{ flexShrink: 0 }}>
              {t('absences.current')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      accessor: 'hours',
      title: t('absences.hours'),
      noWrap: true,
      render: (absence) =>
        absence.fromTime
          ? `${absence.fromTime}–${absence.toTime}`
          : absence.type === 'blacklist'
            ? t('common.empty')
            : t('absences.wholeDay'),
    },
    {
      accessor: 'client',
      title: t('absences.client'),
      ellipsis: true,
      render: (absence) =>
        absence.client ? (
          <Text size="sm" truncate="end">
            {absence.client.name}
            {absence.site ? ` — ${absence.site.name}` : ''}
          </Text>
        ) : (
          t('common.empty')
        ),
    },
    {
      accessor: 'reason',
      title: t('absences.reason'),
      ellipsis: true,
      hiddenInCard: true,
      visibleMediaQuery: fromLg,
      render: (absence) => (
        <Text size="sm" truncate="end" title={absence.reason ?? undefined}>
          {absence.reason ?? t('common.empty')}
        </Text>
      ),
    },
  ];

  return (
    <ListPage
      title={t('titles.absences')}
      create={{ href: '/absences/create', label: t('titles.absencesCreate') }}
      actions={
        <Button component={Link} to="/absences/holidays" variant="default" data-testid="holidays-link">
          {t('absences.holidaysLink')}
        </Button>
      }
      intro={
        <>
          <AbsenceSummary />
          <SegmentedControl
            value={view}
            onChange={(next) => setParams({ view: next === 'calendar' ? 'calendar' : null })}
            data={[
              { value: 'list', label: <ViewLabel icon={IconList} label={t('absences.list')} /> },
              {
                value: 'calendar',
                label: <ViewLabel icon={IconCalendarEvent} label={t('absences.calendar')} />,
              },
            ]}
            w={{ base: '100%', sm: 320 }}
            data-testid="absences-view"
          />
        </>
      }
      toolbar={
        view === 'list' ? (
          <ListToolbar
            list={list}
            searchLabel={t('absences.search')}
            searchPlaceholder={t('absences.searchPlaceholder')}
          >
            <FilterSelect
              list={list}
              filterKey="type"
              label={t('absences.type')}
              placeholder={t('absences.allTypes')}
              data={[
                { value: 'away', label: t('absences.typeAway') },
                // The health-related types are one choice, as the list shows them (Law 25).
                ...shownAbsenceTypes
                  .filter((type) => !isHealthAbsence(type))
                  .map((type) => ({ value: type, label: t(`absences.types.${type}`) })),
              ]}
              w={{ base: 'calc(50% - 4px)', sm: 190 }}
            />
            <ClientFilter
              list={list}
              clients={clients.data?.items}
              label={t('absences.client')}
              placeholder={t('absences.allClients')}
              width={190}
            />
            <PeriodFilter list={list} fromLabel={t('absences.from')} toLabel={t('absences.to')} width={140} />
          </ListToolbar>
        ) : null
      }
    >
      {view === 'calendar' ? (
        <AbsenceCalendar
          month={month}
          onMonthChange={(next) => setParams({ month: next })}
          onShowDay={showDay}
        />
      ) : (
        <>
          {oneDay ? (
            <Group gap={4}>
              <Badge variant="light" color="brand" size="lg" tt="none" data-testid="day-filter">
                {t('absences.dayFilter', { date: formatDate(oneDay) })}
              </Badge>
              <CloseButton
                aria-label={t('absences.clearDay')}
                onClick={() => list.setFilters({ from: null, to: null })}
              />
            </Group>
          ) : null}
          <DataTable<Absence>
            label={t('titles.absences')}
            list={list}
            query={query}
            rowHref={(absence) => `/absences/edit/${absence.id}`}
            titleColumn="employee"
            minWidth={760}
            columns={columns}
          />
        </>
      )}
    </ListPage>
  );
}
