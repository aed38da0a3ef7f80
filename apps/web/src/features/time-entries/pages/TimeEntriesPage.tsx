import { payWeekStart } from '@brigade/shared/pay-week';
import { shiftTimes } from '@brigade/shared/shift-times';
import type { TimeEntryWeek } from '@brigade/shared/time-entries';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmployeePicker } from '../../../components/EmployeePicker.tsx';
import { LoadingStack } from '../../../components/LoadingStack.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { SoftBadge } from '../../../components/SoftBadge.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { addDays, companyToday, longDate } from '../../../lib/calendar.ts';
import { useRecordTitle } from '../../../lib/documentTitle.ts';
import { formatDate, formatHours, formatMoney } from '../../../lib/format.ts';
import { timeEntryWeekQuery } from '../api.ts';
import { MyAssignations } from '../components/MyAssignations.tsx';
import { NoOwnHours } from '../components/NoOwnHours.tsx';
import { QueuedEntries } from '../components/QueuedEntries.tsx';
import { useQueueFlusher } from '../offlineQueue.ts';
import classes from './TimeEntriesPage.module.css';

type Day = TimeEntryWeek['days'][number];

/**
 * `time-entries` (one's own weeks) and `time-entries/{employeeId}` (a worker's, for the office): the
 * pay week from Sunday to Saturday, each day's hours and the week's totals, regular and overtime; a
 * day's hours open in the logger.
 */
export default function TimeEntriesPage() {
  const { t } = useTranslation();
  const { employeeId } = useParams();
  const [params, setParams] = useSearchParams();
  const today = companyToday();
  const week = params.get('week') ?? today;
  const role = useAuth().session?.user.role;
  // A supervisor has no week of their own (spec §2 still opens the route to them).
  const supervisorOwn = role === 'supervisor' && !employeeId;
  // Nor has the office: it names the worker whose week it opens (issue 26, point 2).
  const officeOwn = role === 'admin' && !employeeId;
  const navigate = useNavigate();
  const query = useQuery({
    ...timeEntryWeekQuery(employeeId, week),
    placeholderData: keepPreviousData,
    enabled: !supervisorOwn && !officeOwn,
  });
  const data = query.data;
  const name = data && employeeId ? `${data.employee.firstName} ${data.employee.lastName}` : undefined;
  useRecordTitle(name);
  const goTo = (day: string) => setParams(day === today ? {} : { week: day }, { replace: true });
  const loggerHref = (date?: string) => {
    const search = new URLSearchParams();
    if (employeeId) search.set('employeeId', employeeId);
    if (date) search.set('date', date);
    const text = search.toString();
    return `/time-logger${text ? `?${text}` : ''}`;
  };
  const entryHref = (id: string) => `/time-logger/${id}${employeeId ? `?employeeId=${employeeId}` : ''}`;
  useQueueFlusher();
  // Back from the logger: the day just saved comes into view (the week's last days sit low on a phone).
  const savedDay = (useLocation().state as { savedDay?: string } | null)?.savedDay;
  const weekShown = data?.weekStart;
  useEffect(() => {
    if (!savedDay || !weekShown) return;
    const card = document.querySelector(`[data-testid="time-entries-day"][data-date="${savedDay}"]`);
    card?.scrollIntoView({ block: 'center' });
  }, [savedDay, weekShown]);
  // The worker's own home: their offers and assignations, between the title and the week's hours.
  const ownHome = !employeeId && role === 'employee';

  if (supervisorOwn) return <NoOwnHours title={t('titles.timeEntries')} />;
  if (officeOwn) {
    return (
      <Stack gap="md" maw={760}>
        <Title order={1}>{t('titles.timeEntries')}</Title>
        <EmployeePicker
          label={t('timeEntries.worker')}
          placeholder={t('timeEntries.workerPlaceholder')}
          value={null}
          onChange={(id) => {
            if (id) navigate(`/time-entries/${id}${params.get('week') ? `?week=${params.get('week')}` : ''}`);
          }}
          maw={560}
          size="md"
          data-testid="time-entries-worker"
        />
      </Stack>
    );
  }
  return (
    <Stack gap="md" maw={760}>
      {employeeId ? null : <QueuedEntries />}
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{name ? t('timeEntries.forWorker', { name }) : t('titles.timeEntries')}</Title>
        <Button component={Link} to={loggerHref()} leftSection={<IconPlus size={18} aria-hidden />} size="md">
          {t('timeEntries.add')}
        </Button>
      </Group>

      {ownHome ? <MyAssignations /> : null}

      <Group justify="space-between" wrap="nowrap" gap="xs">
        <ActionIcon
          variant="default"
          size="xl"
          aria-label={t('timeEntries.previousWeek')}
          onClick={() => goTo(addDays(data?.weekStart ?? week, -7))}
        >
          <IconChevronLeft aria-hidden />
        </ActionIcon>
        <Stack gap={0} align="center">
          {/* The week's heading: on the worker's home it follows "Mes affectations". */}
          <Text component="h2" fw={700} fz="md" m={0} ta="center" data-testid="time-entries-week">
            {data
              ? t('timeEntries.week', {
                  from: formatDate(data.weekStart),
                  to: formatDate(addDays(data.weekStart, 6)),
                })
              : '\u00a0'}
          </Text>
          {data && data.weekStart !== payWeekStart(today) ? (
            <Button variant="subtle" size="compact-sm" onClick={() => goTo(today)}>
              {t('timeEntries.thisWeek')}
            </Button>
          ) : null}
        </Stack>
        <ActionIcon
          variant="default"
          size="xl"
          aria-label={t('timeEntries.nextWeek')}
          onClick={() => goTo(addDays(data?.weekStart ?? week, 7))}
          disabled={data ? addDays(data.weekStart, 7) > today : true}
        >
          <IconChevronRight aria-hidden />
        </ActionIcon>
      </Group>

      {!data ? (
        query.isPending ? (
          <LoadingStack gap="sm">
            <Skeleton h={72} />
            <Skeleton h={320} />
          </LoadingStack>
        ) : (
          <QueryState query={query} backHref="/" />
        )
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" data-testid="time-entries-totals">
            <Total label={t('timeEntries.total')} value={formatHours(data.totals.minutes)} strong />
            <Total label={t('timeEntries.regular')} value={formatHours(data.totals.regular)} />
            <Total label={t('timeEntries.overtime')} value={formatHours(data.totals.overtime)} />
            <Total label={t('timeEntries.parkingTotal')} value={formatMoney(data.totals.parkingCents)} />
          </SimpleGrid>
          <Stack gap="xs">
            {data.days.map((day) => (
              <DayCard
                key={day.date}
                day={day}
                isFuture={day.date > today}
                justSaved={day.date === savedDay}
                addHref={loggerHref(day.date)}
                entryHref={entryHref}
              />
            ))}
          </Stack>
          {/* A night shift shows on the day it starts, its end marked "(+1)": said once, when there is one. */}
          {data.days.some((day) => day.entries.some((entry) => entry.endsNextDay)) ? (
            <Text fz="sm" c="dimmed" data-testid="time-entries-night-note">
              {t('timeEntries.nightNote')}
            </Text>
          ) : null}
        </>
      )}
    </Stack>
  );
}

function Total({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Paper withBorder radius="sm" p="xs">
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 800 : 700} fz={strong ? 'xl' : 'lg'}>
        {value}
      </Text>
    </Paper>
  );
}

function DayCard({
  day,
  isFuture,
  justSaved,
  addHref,
  entryHref,
}: {
  day: Day;
  isFuture: boolean;
  justSaved: boolean;
  addHref: string;
  entryHref: (id: string) => string;
}) {
  const { t } = useTranslation();
  // Short on a phone's width: "Mer. 25 nov."
  const label = longDate(day.date, { weekday: 'short', month: 'short', year: undefined });
  return (
    <Paper
      withBorder
      radius="sm"
      p="sm"
      data-testid="time-entries-day"
      data-date={day.date}
      data-saved={justSaved || undefined}
      className={classes.day}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700}>{label}</Text>
        <Group gap="xs" wrap="nowrap">
          {day.minutes ? (
            <Text fw={700} className={classes.nowrap} data-testid="time-entries-day-total">
              {formatHours(day.minutes)}
            </Text>
          ) : null}
          {day.overtime ? (
            <Badge color="orange" variant="light" tt="none" className={classes.nowrap}>
              +{formatHours(day.overtime)}
            </Badge>
          ) : null}
          {isFuture ? null : (
            <ActionIcon
              component={Link}
              to={addHref}
              variant="light"
              size="lg"
              aria-label={t('timeEntries.addOnDay', { date: label })}
            >
              <IconPlus size={18} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      </Group>
      {day.entries.length ? (
        <Stack gap={4} mt={6}>
          {day.entries.map((entry) => (
            <UnstyledButton
              key={entry.id}
              component={Link}
              to={entryHref(entry.id)}
              className={classes.entry}
              data-testid="time-entries-entry"
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {entry.site.name}
                  </Text>
                  <Text fz="sm" c="dimmed">
                    {shiftTimes(entry)}
                    {entry.breakMinutes
                      ? ` · ${t('timeEntries.breakMinutes', { count: entry.breakMinutes })}`
                      : ''}
                    {entry.parkingCents ? ` · ${formatMoney(entry.parkingCents)}` : ''}
                  </Text>
                </div>
                <Group gap={6} wrap="nowrap">
                  {entry.timesheetStatus ? (
                    <SoftBadge color={entry.timesheetStatus === 'approved' ? 'green' : 'gray'}>
                      {t(`timeEntries.statuses.${entry.timesheetStatus}`)}
                    </SoftBadge>
                  ) : null}
                  <Text fw={700} className={classes.nowrap}>
                    {formatHours(entry.minutes)}
                  </Text>
                </Group>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      ) : (
        <Text fz="sm" c="dimmed" mt={4}>
          {t('timeEntries.noEntries')}
        </Text>
      )}
    </Paper>
  );
}
