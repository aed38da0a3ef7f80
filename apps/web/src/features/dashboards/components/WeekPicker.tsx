import { payWeekStart } from '@brigade/shared/pay-week';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PeriodStepper } from '../../../components/PeriodStepper.tsx';
import { addDays, companyToday } from '../../../lib/calendar.ts';
import { formatDate } from '../../../lib/format.ts';

/** The week the page shows: `?week=` (any day of it), this week in Montréal otherwise. */
export function useWeek(): [string, (week: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('week') ?? '';
  const week = payWeekStart(/^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : companyToday());
  const setWeek = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === payWeekStart(companyToday())) updated.delete('week');
        else updated.set('week', next);
        return updated;
      },
      { replace: true },
    );
  return [week, setWeek];
}

/** The week shown, the weeks before and after, and back to this week (once another is shown). */
export function WeekPicker({ week, onChange }: { week: string; onChange: (week: string) => void }) {
  const { t } = useTranslation();
  const thisWeek = payWeekStart(companyToday());
  return (
    <Group gap={6} wrap="wrap" role="group" aria-label={t('dashboards.week.label')} data-testid="week-picker">
      <PeriodStepper
        gap={6}
        style={{ flex: '1 1 auto' }}
        previous={{
          label: t('dashboards.week.previous'),
          onClick: () => onChange(addDays(week, -7)),
          testId: 'week-previous',
        }}
        next={{
          label: t('dashboards.week.next'),
          onClick: () => onChange(addDays(week, 7)),
          testId: 'week-next',
        }}
      >
        <Text size="sm" fw={600} ta="center" style={{ flex: 1 }} aria-live="polite" data-testid="week-label">
          {t('dashboards.week.range', { start: formatDate(week), end: formatDate(addDays(week, 6)) })}
        </Text>
      </PeriodStepper>
      {week === thisWeek ? null : (
        <Button variant="subtle" size="xs" onClick={() => onChange(thisWeek)} data-testid="week-current">
          {t('dashboards.week.thisWeek')}
        </Button>
      )}
    </Group>
  );
}
