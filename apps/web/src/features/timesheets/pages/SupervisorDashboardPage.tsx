import type { TimesheetSummary } from '@brigade/shared/timesheets';
import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import touchTargets from '../../../components/TouchTargets.module.css';
import { addDays } from '../../../lib/calendar.ts';
import { formatDate, formatHours } from '../../../lib/format.ts';
import { onSiteTodayQuery, supervisorSheetsQuery } from '../api.ts';
import { TimesheetStatusBadge } from '../components/TimesheetStatusBadge.tsx';

function SheetCard({ sheet }: { sheet: TimesheetSummary }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="sm" data-testid="dashboard-sheet">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} truncate="end">
            {sheet.site.name}
          </Text>
          <Text size="sm" c="dimmed">
            {t('timesheets.weekOf', {
              from: formatDate(sheet.weekStart),
              to: formatDate(addDays(sheet.weekStart, 6)),
            })}
          </Text>
          <Text size="sm">
            {formatHours(sheet.minutes)} · {t('timesheets.workerCount', { count: sheet.workers })}
          </Text>
        </Stack>
        <Stack gap={6} align="flex-end">
          <TimesheetStatusBadge status={sheet.status} />
          <Button component={Link} to={`/timesheets/edit/${sheet.id}`} size="sm">
            {t('timesheets.dashboard.open')}
            <span
              style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
            >
              {` — ${sheet.site.name}, ${formatDate(sheet.weekStart)}`}
            </span>
          </Button>
        </Stack>
      </Group>
    </Card>
  );
}

/**
 * A titled section of the dashboard: a spinner named by its title while it loads, then a card per
 * item, or `empty` when there is none.
 */
function CardSection<T extends { id: string }>({
  title,
  empty,
  loading,
  items,
  card,
}: {
  title: string;
  empty: string;
  loading: boolean;
  items: T[] | undefined;
  card: (item: T) => ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {loading ? (
        <Loader size="sm" role="status" aria-label={title} />
      ) : items?.length ? (
        items.map((item) => <Fragment key={item.id}>{card(item)}</Fragment>)
      ) : (
        <Text c="dimmed">{empty}</Text>
      )}
    </Stack>
  );
}

function Section({ title, empty, status }: { title: string; empty: string; status: 'sent' | 'approved' }) {
  const query = useQuery(supervisorSheetsQuery(status));
  return (
    <CardSection
      title={title}
      empty={empty}
      loading={query.isPending}
      items={query.data?.items}
      card={(sheet) => <SheetCard sheet={sheet} />}
    />
  );
}

/** Each of the supervisor's sites today: who is expected or logged hours, and how much so far. */
function OnSiteToday() {
  const { t } = useTranslation();
  const query = useQuery(onSiteTodayQuery);
  return (
    <CardSection
      title={t('timesheets.dashboard.today')}
      empty={t('timesheets.dashboard.noSites')}
      loading={query.isPending}
      items={query.data?.sites}
      card={(site) => (
        <Card withBorder padding="sm" data-testid="dashboard-site">
          <Text fw={700}>{site.name}</Text>
          <Text size="sm" c="dimmed" mb={6}>
            {[site.clientName, site.city].filter(Boolean).join(' · ')}
          </Text>
          {site.workers.length ? (
            <Stack gap={4}>
              {site.workers.map((worker) => (
                <Group key={worker.id} justify="space-between" wrap="nowrap">
                  <Text size="sm">
                    {worker.firstName} {worker.lastName}
                  </Text>
                  <Text size="sm" c={worker.minutes ? undefined : 'dimmed'}>
                    {worker.minutes ? formatHours(worker.minutes) : t('timesheets.dashboard.nothingYet')}
                  </Text>
                </Group>
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('timesheets.dashboard.nobody')}
            </Text>
          )}
        </Card>
      )}
    />
  );
}

/** dashboard-supervisor: the supervisor's home on a phone: their sites today, the weeks to approve, the last approved. */
export default function SupervisorDashboardPage() {
  const { t } = useTranslation();
  return (
    // Used on a phone on site: every target is a thumb's size there.
    <Stack gap="lg" maw={720} className={touchTargets.area}>
      <Title order={1}>{t('titles.supervisorDashboard')}</Title>
      <OnSiteToday />
      <Section
        title={t('timesheets.dashboard.waiting')}
        empty={t('timesheets.dashboard.waitingNone')}
        status="sent"
      />
      <Section
        title={t('timesheets.dashboard.recent')}
        empty={t('timesheets.dashboard.recentNone')}
        status="approved"
      />
    </Stack>
  );
}
