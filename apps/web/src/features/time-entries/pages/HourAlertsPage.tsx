import type { HourAlert } from '@brigade/shared/time-entries';
import { Anchor, Badge, Button, Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PhoneLink } from '../../../components/ContactLink.tsx';
import { DateField } from '../../../components/DateField.tsx';
import { LoadingStack } from '../../../components/LoadingStack.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { addDays, companyToday, longDate } from '../../../lib/calendar.ts';
import { confirmAction } from '../../../lib/confirm.tsx';
import { formatHours } from '../../../lib/format.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { toast } from '../../../lib/toast.tsx';
import { hourAlertsQuery, sendReminder } from '../api.ts';

/**
 * `hour-alerts` (spec §2, §9): the workers confirmed on a site who logged less than their shift
 * (the order's hours less its unpaid break; nothing included), yesterday by default, day by day,
 * each as "x h / expected h"; one click texts them a reminder, each their own days and sites in
 * their language (written by the server). The menu's badge counts yesterday's.
 */
export default function HourAlertsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const yesterday = addDays(companyToday(), -1);
  const from = params.get('from') ?? yesterday;
  const to = params.get('to') ?? from;
  const query = useQuery({
    ...hourAlertsQuery(from, to < from ? from : to),
    placeholderData: keepPreviousData,
  });
  const alerts = query.data;
  const setRange = (next: { from?: string | null; to?: string | null }) => {
    const start = next.from === undefined ? from : (next.from ?? yesterday);
    const end = next.to === undefined ? to : (next.to ?? start);
    setParams(start === yesterday && end === start ? {} : { from: start, to: end < start ? start : end }, {
      replace: true,
    });
  };
  const workers = [...new Map((alerts ?? []).map((alert) => [alert.employee.id, alert.employee])).values()];
  const send = useApiMutation({
    ...sendReminder,
    successKey: false,
    onSuccess: (outcome) =>
      toast.success(t('hourAlerts.sent', { count: outcome.created.length, refused: outcome.refused.length })),
  });
  const remind = async () => {
    const ok = await confirmAction({
      title: t('hourAlerts.remindTitle', { count: workers.length }),
      message: t('hourAlerts.remindMessage'),
      confirmLabel: t('hourAlerts.remind'),
    });
    if (ok) {
      send.mutate({
        startDate: from,
        endDate: to < from ? from : to,
        employeeIds: workers.map((worker) => worker.id),
      });
    }
  };
  const days = [...new Set((alerts ?? []).map((alert) => alert.date))];

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1}>{t('titles.hourAlerts')}</Title>
        <Button
          leftSection={<IconSend size={18} aria-hidden />}
          onClick={remind}
          disabled={!workers.length}
          loading={send.isPending}
          data-testid="hour-alerts-remind"
        >
          {t('hourAlerts.remindCount', { count: workers.length })}
        </Button>
      </Group>
      <Group gap="sm" align="flex-end">
        <DateField
          label={t('hourAlerts.from')}
          maxDate={companyToday()}
          value={from}
          onChange={(date) => setRange({ from: date })}
          clearable={false}
        />
        <DateField
          label={t('hourAlerts.to')}
          minDate={from}
          maxDate={companyToday()}
          value={to}
          onChange={(date) => setRange({ to: date })}
          clearable={false}
        />
      </Group>
      {!alerts ? (
        query.isPending ? (
          <LoadingStack gap="sm">
            <Skeleton h={64} />
            <Skeleton h={64} />
          </LoadingStack>
        ) : (
          <QueryState query={query} backHref="/overview" />
        )
      ) : alerts.length === 0 ? (
        <Paper withBorder radius="sm" p="xl" data-testid="hour-alerts-none">
          <Text ta="center" fw={600}>
            {t('hourAlerts.none')}
          </Text>
        </Paper>
      ) : (
        days.map((day) => (
          <Stack key={day} gap="xs" data-testid="hour-alerts-day">
            <Text fw={700}>{longDate(day)}</Text>
            {alerts
              .filter((alert) => alert.date === day)
              .map((alert) => (
                <AlertRow key={`${alert.date}-${alert.employee.id}`} alert={alert} />
              ))}
          </Stack>
        ))
      )}
    </Stack>
  );
}

function AlertRow({ alert }: { alert: HourAlert }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="hour-alert">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Anchor component={Link} to={`/time-entries/${alert.employee.id}?week=${alert.date}`} fw={700}>
            {alert.employee.lastName}, {alert.employee.firstName}
          </Anchor>
          <Text fz="sm" c="dimmed">
            {alert.sites.map((site) => site.name).join(', ')}
          </Text>
          {alert.employee.phone ? <PhoneLink phone={alert.employee.phone} /> : null}
        </div>
        <Stack gap={4} align="flex-end" miw={140}>
          {alert.minutes ? (
            <Text fw={700} data-testid="hour-alert-hours">
              {formatHours(alert.minutes)} / {formatHours(alert.expectedMinutes)}
            </Text>
          ) : (
            <Badge color="red" variant="light" tt="none" data-testid="hour-alert-hours">
              {t('hourAlerts.nothingOf', { expected: formatHours(alert.expectedMinutes) })}
            </Badge>
          )}
          <Progress
            value={(alert.minutes / Math.max(alert.expectedMinutes, 1)) * 100}
            w={140}
            color="orange"
            aria-hidden
          />
        </Stack>
      </Group>
    </Paper>
  );
}
