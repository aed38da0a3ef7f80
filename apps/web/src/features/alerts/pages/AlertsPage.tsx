import { alertKinds, defaultAlertDays } from '@brigade/shared/alert-kinds';
import type {
  Alert,
  AlertKind,
  CertificateExpiringAlert,
  OrderUnfilledAlert,
  SiteEndingAlert,
  TimesheetLineRefusedAlert,
} from '@brigade/shared/alerts';
import { Anchor, Badge, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { QueryLoadError } from '../../../components/LoadError.tsx';
import { LoadingStack } from '../../../components/LoadingStack.tsx';
import { QueryPage } from '../../../components/QueryPage.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { SoftBadge } from '../../../components/SoftBadge.tsx';
import { companyToday } from '../../../lib/calendar.ts';
import { formatDate, formatHours } from '../../../lib/format.ts';
import { localName } from '../../../lib/i18n.ts';
import { alertsQuery, alertWindows } from '../api.ts';

const kindColors: Record<AlertKind, string> = {
  timesheet_line_refused: 'red.9',
  order_unfilled: 'red.9',
  site_ending: 'orange.9',
  certificate_expiring: 'grape.9',
};

/** "dans 2 jours", "aujourd'hui", "il y a 3 jours", counted on Montréal's calendar. */
function RelativeDay({ date }: { date: string }) {
  const { t } = useTranslation();
  const days = Math.round((Date.parse(date) - Date.parse(companyToday())) / 86_400_000);
  const text =
    days === 0
      ? t('alerts.relative.today')
      : days === 1
        ? t('alerts.relative.tomorrow')
        : days < 0
          ? t('alerts.relative.past', { count: -days })
          : t('alerts.relative.future', { count: days });
  return (
    <SoftBadge color={days <= 1 ? 'red' : 'gray'} size="sm" style={{ flexShrink: 0 }}>
      {text}
    </SoftBadge>
  );
}

/** One line of a group: what it is about (a link), what it says under it, and when. */
function AlertItem({ title, details, date }: { title: ReactNode; details: ReactNode; date: string }) {
  return (
    <Group
      component="li"
      justify="space-between"
      align="flex-start"
      wrap="nowrap"
      gap="sm"
      py={8}
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Stack gap={2} style={{ minWidth: 0 }}>
        {title}
        <Text size="sm" c="dimmed" component="div">
          {details}
        </Text>
      </Stack>
      <RelativeDay date={date} />
    </Group>
  );
}

function OrderUnfilled({ alert }: { alert: OrderUnfilledAlert }) {
  const { t } = useTranslation();
  const { order } = alert;
  return (
    <AlertItem
      date={alert.date}
      title={
        <Anchor component={Link} to={`/orders/${order.id}`} fw={600} size="sm">
          {alert.site.name} — {alert.client.name}
        </Anchor>
      }
      details={
        <>
          {t('alerts.startsOn', { date: formatDate(order.startsOn) })} ·{' '}
          <Text span size="sm" c="red.9" fw={600}>
            {t('alerts.missing', { count: order.workersNeeded - order.confirmed })}
          </Text>{' '}
          · {t('alerts.coverage', { confirmed: order.confirmed, needed: order.workersNeeded })}
          {order.pending ? ` · ${t('alerts.pending', { count: order.pending })}` : ''}
        </>
      }
    />
  );
}

/** A line a supervisor refused: it opens the timesheet, where the office corrects or deletes it. */
function TimesheetLineRefused({ alert }: { alert: TimesheetLineRefusedAlert }) {
  const { t } = useTranslation();
  return (
    <AlertItem
      date={alert.date}
      title={
        <Anchor component={Link} to={`/timesheets/edit/${alert.timesheet.id}`} fw={600} size="sm">
          {alert.site.name} — {alert.client.name}
        </Anchor>
      }
      details={t('alerts.refusedLine', {
        name: `${alert.employee.firstName} ${alert.employee.lastName}`,
        date: formatDate(alert.date),
        hours: formatHours(alert.entry.minutes),
        by: alert.refusedBy ?? '—',
        reason: alert.entry.reason ?? '',
      })}
    />
  );
}

function SiteEnding({ alert }: { alert: SiteEndingAlert }) {
  const { t } = useTranslation();
  return (
    <AlertItem
      date={alert.date}
      title={
        <Anchor component={Link} to={`/clients/${alert.client.id}`} fw={600} size="sm">
          {alert.site.name} — {alert.client.name}
        </Anchor>
      }
      details={
        <>
          {t('alerts.endsOn', { date: formatDate(alert.date) })}
          {alert.site.city ? ` · ${alert.site.city}` : ''}
        </>
      }
    />
  );
}

function CertificateExpiring({ alert }: { alert: CertificateExpiringAlert }) {
  const { t } = useTranslation();
  const expired = alert.date < companyToday();
  return (
    <AlertItem
      date={alert.date}
      title={
        <Group gap={6} wrap="wrap">
          <Anchor component={Link} to={`/employees/${alert.employee.id}`} fw={600} size="sm">
            {alert.employee.firstName} {alert.employee.lastName}
          </Anchor>
          <Text size="sm">· {localName(alert.skill)}</Text>
          {alert.requiredByOrder ? (
            <SoftBadge size="xs" color="grape">
              {t('alerts.requiredByOrder')}
            </SoftBadge>
          ) : null}
        </Group>
      }
      details={
        <>
          {t(expired ? 'alerts.expiredOn' : 'alerts.expiresOn', { date: formatDate(alert.date) })} ·{' '}
          <Anchor component={Link} to={`/orders/${alert.order.id}`} size="sm">
            {t('alerts.onOrder', {
              site: alert.site.name,
              client: alert.client.name,
              date: formatDate(alert.order.endsOn),
            })}
          </Anchor>
        </>
      }
    />
  );
}

/** What an alert is about: one order, one site, or one certificate on one order. */
function alertKey(alert: Alert): string {
  switch (alert.kind) {
    case 'timesheet_line_refused':
      return alert.entry.id;
    case 'order_unfilled':
      return alert.order.id;
    case 'site_ending':
      return alert.site.id;
    case 'certificate_expiring':
      return `${alert.employee.id}-${alert.skill.id}-${alert.order.id}`;
  }
}

function AlertLine({ alert }: { alert: Alert }) {
  switch (alert.kind) {
    case 'timesheet_line_refused':
      return <TimesheetLineRefused alert={alert} />;
    case 'order_unfilled':
      return <OrderUnfilled alert={alert} />;
    case 'site_ending':
      return <SiteEnding alert={alert} />;
    case 'certificate_expiring':
      return <CertificateExpiring alert={alert} />;
  }
}

function KindSection({ kind, alerts }: { kind: AlertKind; alerts: Alert[] }) {
  const { t } = useTranslation();
  const headingId = `alerts-${kind}`;
  return (
    <SectionCard headingId={headingId} data-testid={headingId}>
      <Group gap="xs" mb={alerts.length ? 4 : 0} wrap="nowrap">
        <Title order={2} size="h4" id={headingId}>
          {t(`alerts.kinds.${kind}`)}
        </Title>
        <Badge
          color={alerts.length ? kindColors[kind] : 'gray.7'}
          variant="filled"
          circle={alerts.length < 10}
        >
          {alerts.length}
        </Badge>
      </Group>
      {alerts.length ? (
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
          {alerts.map((alert) => (
            <AlertLine key={alertKey(alert)} alert={alert} />
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" mt={4}>
          {t('alerts.noneOfKind')}
        </Text>
      )}
    </SectionCard>
  );
}

/**
 * Alerts (spec §2, §7): what needs the office within the next days, by kind: orders short of
 * confirmed workers, sites ending, certificates expiring before an order's end. Each links to the
 * order, the site's client or the employee. The window (7 days by default) lives in the URL.
 */
export default function AlertsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const days = (alertWindows as readonly number[]).includes(asked) ? asked : defaultAlertDays;
  // Another window keeps the current alerts on screen (dimmed) until its own arrive.
  const query = useQuery({ ...alertsQuery(days), placeholderData: keepPreviousData });

  return (
    <QueryPage
      title={t('titles.alerts')}
      picker={
        <SegmentedControl
          aria-label={t('alerts.window')}
          value={String(days)}
          onChange={(value) =>
            setParams(Number(value) === defaultAlertDays ? {} : { days: value }, { replace: true })
          }
          data={alertWindows.map((value) => ({
            value: String(value),
            label: t('alerts.windowDays', { count: value }),
          }))}
          data-testid="alerts-window"
        />
      }
      query={query}
      error={<QueryLoadError query={query} title={t('alerts.loadError')} data-testid="alerts-error" />}
      loading={
        <LoadingStack gap="sm" data-testid="alerts-loading">
          <Skeleton h={16} w={260} />
          {alertKinds.map((kind) => (
            <Skeleton key={kind} h={110} radius="sm" />
          ))}
        </LoadingStack>
      }
    >
      {(list) => (
        <>
          <Text size="sm" c="dimmed" data-testid="alerts-summary" aria-live="polite">
            {t('alerts.summary', {
              count: list.numberOfAlerts,
              from: formatDate(list.from),
              to: formatDate(list.to),
            })}
          </Text>
          {list.numberOfAlerts === 0 ? (
            <Paper withBorder radius="sm" p="xl" data-testid="alerts-empty">
              <Text ta="center">{t('alerts.empty', { to: formatDate(list.to) })}</Text>
            </Paper>
          ) : (
            alertKinds.map((kind) => (
              <KindSection
                key={kind}
                kind={kind}
                alerts={list.items.filter((alert) => alert.kind === kind)}
              />
            ))
          )}
        </>
      )}
    </QueryPage>
  );
}
