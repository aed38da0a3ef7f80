import type { AbsenceCalendar as CalendarData } from '@brigade/shared/absences';
import { companyVacations } from '@brigade/shared/holidays';
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { absenceTypeColors } from '../../../components/AbsenceTypeBadge.tsx';
import { PeriodStepper } from '../../../components/PeriodStepper.tsx';
import { useCardLayout } from '../../../components/useCardLayout.ts';
import {
  addDays,
  companyToday,
  longDate,
  monthName,
  weekdayIndex,
  weekdayNames,
} from '../../../lib/calendar.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { absenceCalendarQuery, holidaysQuery } from '../api.ts';
import classes from './AbsenceCalendar.module.css';

type Day = CalendarData['days'][number];

/** 'YYYY-MM' of the month after (or before, with -1) `month`. */
export function shiftMonth(month: string, by: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, monthNumber - 1 + by, 1));
  return date.toISOString().slice(0, 7);
}

/**
 * The days nobody works in a month, by name in the user's language: the construction holidays
 * (with the office's changes, from the server) and the company vacations, a winter vacation begun
 * the December before included.
 */
function useClosedDays(month: string): Map<string, string> {
  const year = Number(month.slice(0, 4));
  const holidays = useQuery(holidaysQuery(year));
  return useMemo(() => {
    const french = currentLanguage() === 'fr';
    const closed = new Map<string, string>();
    for (const [vacationYear, periods] of [
      [year - 1, companyVacations(year - 1)],
      [year, companyVacations(year)],
    ] as const) {
      periods.forEach((period, index) => {
        const name = index === 0 ? 'summer' : 'winter';
        for (let date = period.start; date <= period.end; date = addDays(date, 1)) {
          if (date.startsWith(month)) closed.set(date, `${vacationYear}:${name}`);
        }
      });
    }
    for (const holiday of holidays.data?.construction ?? []) {
      if (holiday.date.startsWith(month)) closed.set(holiday.date, french ? holiday.nameFr : holiday.nameEn);
    }
    return closed;
  }, [holidays.data, month, year]);
}

export interface AbsenceCalendarProps {
  month: string;
  onMonthChange: (month: string) => void;
  /** Lists every absence of that day (the calendar shows the first few names). */
  onShowDay: (date: string) => void;
}

/**
 * A month of absences, Sunday first (pay weeks), with the month and day names in the user's language (French
 * by default, spec §2). Each day: the holiday or vacation, the first names (by type colour), "+ n
 * autres" to list them all, and a + to record an absence on that day. On a phone, the days that
 * have something, one under the other.
 */
export function AbsenceCalendar({ month, onMonthChange, onShowDay }: AbsenceCalendarProps) {
  const { t } = useTranslation();
  const phone = useCardLayout();
  const query = useQuery(absenceCalendarQuery(month));
  const closed = useClosedDays(month);
  const today = companyToday();
  const closedName = (date: string) => {
    const name = closed.get(date);
    if (!name) return null;
    const vacation = /^\d{4}:(summer|winter)$/.exec(name);
    return vacation ? t('holidays.companyVacations') : name;
  };

  const header = (
    <Group justify="space-between" align="center" wrap="nowrap">
      <Title order={2} size="h3" tt="capitalize" aria-live="polite" data-testid="calendar-month">
        {monthName(month)}
      </Title>
      <PeriodStepper
        previous={{
          label: t('absences.calendarView.previous'),
          onClick: () => onMonthChange(shiftMonth(month, -1)),
          testId: 'calendar-previous',
        }}
        next={{
          label: t('absences.calendarView.next'),
          onClick: () => onMonthChange(shiftMonth(month, 1)),
          testId: 'calendar-next',
        }}
      >
        <Button variant="default" onClick={() => onMonthChange(today.slice(0, 7))}>
          {t('absences.calendarView.today')}
        </Button>
      </PeriodStepper>
    </Group>
  );

  if (!query.data) {
    return (
      <Stack gap="sm">
        {header}
        <Skeleton
          h={phone ? 300 : 560}
          radius="sm"
          role="status"
          aria-label={t('absences.calendarView.loading')}
        />
      </Stack>
    );
  }
  const days = query.data.days;

  if (phone) {
    const busy = days.filter((day) => day.total > 0 || closed.has(day.date));
    return (
      <Stack gap="sm" data-testid="absence-calendar">
        {header}
        {busy.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('list.nothingYet')}
          </Text>
        ) : (
          busy.map((day) => (
            <Paper
              key={day.date}
              data-date={day.date}
              withBorder
              radius="sm"
              p="sm"
              className={closed.has(day.date) ? classes.closed : undefined}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Box style={{ minWidth: 0 }}>
                  <Text fw={700} size="sm">
                    {longDate(day.date, { year: undefined })}
                  </Text>
                  {closedName(day.date) ? (
                    <Text size="xs" c="#6b4f00">
                      {closedName(day.date)}
                    </Text>
                  ) : null}
                </Box>
                <AddButton date={day.date} />
              </Group>
              <DayNames day={day} onShowDay={onShowDay} />
            </Paper>
          ))
        )}
      </Stack>
    );
  }

  // Whole weeks, Sunday first (pay weeks): the days of the months around are blank cells (keyed by their date).
  const first = days[0]?.date ?? `${month}-01`;
  const leading = weekdayIndex(first);
  const cells: (Day | string)[] = [
    ...Array.from({ length: leading }, (_, index) => addDays(first, index - leading)),
    ...days,
  ];
  while (cells.length % 7) cells.push(addDays(first, cells.length - leading));
  return (
    <Stack gap="sm" data-testid="absence-calendar">
      {header}
      <table className={classes.grid} aria-label={monthName(month)}>
        <thead>
          <tr>
            {weekdayNames('long').map((name) => (
              <th key={name} scope="col" className={classes.weekday}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chunk(cells, 7).map((week) => (
            <tr key={typeof week[0] === 'string' ? week[0] : week[0]?.date}>
              {week.map((day) =>
                typeof day === 'string' ? (
                  <td key={day} className={`${classes.day} ${classes.outside}`} />
                ) : (
                  <td
                    key={day.date}
                    data-date={day.date}
                    aria-label={longDate(day.date)}
                    className={[
                      classes.day,
                      closed.has(day.date) ? classes.closed : '',
                      day.date === today ? classes.today : '',
                    ].join(' ')}
                  >
                    <div className={classes.cell}>
                      <Group justify="space-between" wrap="nowrap" gap={2}>
                        <span className={classes.number}>{Number(day.date.slice(8))}</span>
                        <AddButton date={day.date} />
                      </Group>
                      {closedName(day.date) ? (
                        <Text size="xs" c="#6b4f00" truncate="end" title={closedName(day.date) ?? undefined}>
                          {closedName(day.date)}
                        </Text>
                      ) : null}
                      <DayNames day={day} onShowDay={onShowDay} />
                    </div>
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </Stack>
  );
}

function chunk<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );
}

function AddButton({ date }: { date: string }) {
  const { t } = useTranslation();
  const label = t('absences.calendarView.add', { date: longDate(date) });
  return (
    <Tooltip label={label} openDelay={400}>
      <ActionIcon
        component={Link}
        to={`/absences/create?startsOn=${date}&endsOn=${date}`}
        variant="subtle"
        size="sm"
        aria-label={label}
        data-testid={`calendar-add-${date}`}
      >
        <IconPlus size={14} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

function DayNames({ day, onShowDay }: { day: Day; onShowDay: (date: string) => void }) {
  const { t } = useTranslation();
  return (
    <>
      {day.first.map((person) => (
        <Anchor
          key={person.absenceId}
          component={Link}
          to={`/absences/edit/${person.absenceId}`}
          className={classes.name}
          c="dark"
          title={`${person.firstName} ${person.lastName} — ${t(`absences.types.${person.type}`)}`}
        >
          <span
            className={classes.dot}
            style={{ background: `var(--mantine-color-${absenceTypeColors[person.type]}-7)` }}
            aria-hidden
          />
          {person.firstName} {person.lastName}
          {person.partDay ? ' ½' : ''}
        </Anchor>
      ))}
      {day.total > day.first.length ? (
        <Anchor
          component="button"
          type="button"
          size="xs"
          fw={600}
          ta="left"
          onClick={() => onShowDay(day.date)}
        >
          {t('absences.calendarView.more', { count: day.total - day.first.length })}
          <VisuallyHidden> ({longDate(day.date)})</VisuallyHidden>
        </Anchor>
      ) : null}
    </>
  );
}
