import type { ReportFilterValue, ReportListItem, ReportQuery } from '@brigade/shared/reports';
import {
  Alert,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ClientPicker } from '../../../components/ClientPicker.tsx';
import { DateField } from '../../../components/DateField.tsx';
import { EmployeePicker } from '../../../components/EmployeePicker.tsx';
import { QueryLoadError } from '../../../components/LoadError.tsx';
import { PeriodStepper } from '../../../components/PeriodStepper.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { SitePicker } from '../../../components/SitePicker.tsx';
import { isApiError } from '../../../lib/api.ts';
import { companyToday, longDate, monthName } from '../../../lib/calendar.ts';
import { confirmAction } from '../../../lib/confirm.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { formatDate, formatDateRange, formatNumber } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.tsx';
import { downloadReport, reportPreviewQuery, reportsQuery } from '../api.ts';
import { PreviewTable } from '../components/PreviewTable.tsx';
import { ReportPicker } from '../components/ReportPicker.tsx';
import { SupervisorPicker } from '../components/SupervisorPicker.tsx';
import { lastPayWeek, monthOf, type PeriodKind, periodKinds, stepPeriod, weekOf } from '../period.ts';

// The chart's code (recharts) comes only with a preview that has a chart.
const PreviewChart = lazy(() => import('../components/PreviewChart.tsx'));

const filterParams: Record<ReportFilterValue, 'clientId' | 'siteId' | 'supervisorId' | 'employeeId'> = {
  client: 'clientId',
  site: 'siteId',
  supervisor: 'supervisorId',
  employee: 'employeeId',
};

/** The screen's choices, kept in the address (a report can be bookmarked or sent to a colleague). */
function useReportChoices(reports: readonly ReportListItem[]) {
  const [params, setParams] = useSearchParams();
  const report = reports.find((item) => item.type === params.get('type')) ?? reports[0];
  const kind = (periodKinds as readonly string[]).includes(params.get('period') ?? '')
    ? (params.get('period') as PeriodKind)
    : 'week';
  const fallback = lastPayWeek(companyToday());
  const from = params.get('from') ?? fallback.from;
  const to = params.get('to') ?? fallback.to;
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  const format = report?.formats.includes(params.get('format') as never)
    ? (params.get('format') as ReportQuery['format'])
    : report?.formats[0];
  const language =
    params.get('language') === 'en' || params.get('language') === 'fr'
      ? (params.get('language') as 'fr' | 'en')
      : currentLanguage();
  const filters = Object.fromEntries(
    (report?.filters ?? []).map((filter) => [filterParams[filter], params.get(filterParams[filter])]),
  ) as Partial<Record<(typeof filterParams)[ReportFilterValue], string | null>>;
  const csvVariant = params.get('csv') === 'comma' ? 'comma' : 'semicolon';
  return { report, kind, from, to, format, language, filters, csvVariant, update } as const;
}

type Choices = ReturnType<typeof useReportChoices>;

/** The request of the preview and the document: the period, the report's own filters, the language. */
function queryOf(choices: Choices): ReportQuery {
  const filters = Object.fromEntries(Object.entries(choices.filters).filter(([, value]) => value));
  return {
    from: choices.from,
    to: choices.to,
    language: choices.language,
    format: choices.format,
    ...filters,
    ...(choices.format === 'csv' ? { csvVariant: choices.csvVariant } : {}),
  };
}

/**
 * Reports (spec §3, issue 28): pick a report, a period (a pay week, a month or any days; last pay
 * week by default), its filters, the document's language and format; the first rows and a chart
 * show before anything is downloaded. A long document shows its progress and can be cancelled.
 */
export default function ReportsPage() {
  const { t } = useTranslation();
  const reports = useQuery(reportsQuery);
  return (
    <Stack gap="md">
      <Title order={1}>{t('titles.reports')}</Title>
      {reports.data ? (
        reports.data.items.length ? (
          <ReportsWorkspace reports={reports.data.items} />
        ) : (
          <Text c="dimmed">{t('reports.none')}</Text>
        )
      ) : reports.error ? (
        <QueryLoadError query={reports} data-testid="reports-error" />
      ) : (
        <Skeleton h={480} radius="sm" />
      )}
    </Stack>
  );
}

function ReportsWorkspace({ reports }: { reports: readonly ReportListItem[] }) {
  const choices = useReportChoices(reports);
  const { report } = choices;
  if (!report) return null;
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
        <ReportPicker
          reports={reports}
          selected={report.type}
          onSelect={(type) => choices.update({ type, format: null })}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
        <ReportSettings choices={choices} />
      </Grid.Col>
      <Grid.Col span={12}>
        <ReportPreviewCard choices={choices} />
      </Grid.Col>
    </Grid>
  );
}

function PeriodPicker({ choices }: { choices: Choices }) {
  const { t } = useTranslation();
  const { kind, from, to, update } = choices;
  const setPeriod = (next: { from: string; to: string }, nextKind: PeriodKind = kind) =>
    update({ period: nextKind === 'week' ? null : nextKind, from: next.from, to: next.to });
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm" id="report-period-label">
        {t('reports.period')}
      </Text>
      <SegmentedControl
        aria-labelledby="report-period-label"
        value={kind}
        onChange={(value) => {
          const nextKind = value as PeriodKind;
          if (nextKind === 'week') setPeriod(weekOf(from), 'week');
          else if (nextKind === 'month') setPeriod(monthOf(from), 'month');
          else setPeriod({ from, to }, 'range');
        }}
        data={periodKinds.map((value) => ({ value, label: t(`reports.periods.${value}`) }))}
        data-testid="report-period-kind"
      />
      {kind === 'range' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateField
            label={t('reports.from')}
            value={from}
            onChange={(value) => value && update({ from: value })}
            data-testid="report-from"
          />
          <DateField
            label={t('reports.to')}
            value={to}
            onChange={(value) => value && update({ to: value })}
            data-testid="report-to"
          />
        </SimpleGrid>
      ) : (
        <PeriodStepper
          previous={{
            label: t(kind === 'week' ? 'reports.previousWeek' : 'reports.previousMonth'),
            onClick: () => setPeriod(stepPeriod(kind, from, -1)),
            testId: 'report-period-previous',
          }}
          next={{
            label: t(kind === 'week' ? 'reports.nextWeek' : 'reports.nextMonth'),
            onClick: () => setPeriod(stepPeriod(kind, from, 1)),
            testId: 'report-period-next',
          }}
        >
          <Text fw={600} miw={220} ta="center" aria-live="polite" data-testid="report-period">
            {kind === 'week'
              ? t('reports.weekOf', {
                  from: longDate(from, { weekday: undefined }),
                  to: longDate(to, { weekday: undefined }),
                })
              : monthName(from.slice(0, 7))}
          </Text>
        </PeriodStepper>
      )}
    </Stack>
  );
}

function ReportFilters({ choices }: { choices: Choices }) {
  const { t } = useTranslation();
  const { report, filters, update } = choices;
  if (!report?.filters.length) return null;
  const set = (filter: ReportFilterValue) => (value: string | null) =>
    update({ [filterParams[filter]]: value });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {report.filters.map((filter) => (
        <FilterField
          key={filter}
          filter={filter}
          value={filters[filterParams[filter]] ?? null}
          onChange={set(filter)}
          label={t(`reports.filters.${filter}`)}
          placeholder={t('reports.all')}
        />
      ))}
    </SimpleGrid>
  );
}

/** One filter of a report: the picker of its kind, searched on the server. */
function FilterField({
  filter,
  ...props
}: {
  filter: ReportFilterValue;
  value: string | null;
  onChange: (value: string | null) => void;
  label: string;
  placeholder: string;
}) {
  const testId = `report-filter-${filter}`;
  if (filter === 'client') return <ClientPicker clearable {...props} data-testid={testId} />;
  if (filter === 'site') return <SitePicker clearable {...props} data-testid={testId} />;
  if (filter === 'supervisor') return <SupervisorPicker clearable {...props} data-testid={testId} />;
  return <EmployeePicker clearable {...props} data-testid={testId} />;
}

function ReportSettings({ choices }: { choices: Choices }) {
  const { t } = useTranslation();
  const { report, format, language, csvVariant, update } = choices;
  if (!report) return null;
  return (
    <SectionCard headingId="report-settings-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="report-settings-title">
          {report.title[currentLanguage()]}
        </Title>
        <PeriodPicker choices={choices} />
        <ReportFilters choices={choices} />
        <Group gap="lg" align="flex-end" wrap="wrap">
          <Stack gap={4}>
            <Text fw={600} size="sm" id="report-language-label">
              {t('reports.language')}
            </Text>
            <SegmentedControl
              aria-labelledby="report-language-label"
              value={language}
              onChange={(value) => update({ language: value })}
              data={[
                { value: 'fr', label: t('reports.languages.fr') },
                { value: 'en', label: t('reports.languages.en') },
              ]}
              data-testid="report-language"
            />
          </Stack>
          <Stack gap={4}>
            <Text fw={600} size="sm" id="report-format-label">
              {t('reports.format')}
            </Text>
            <SegmentedControl
              aria-labelledby="report-format-label"
              value={format ?? ''}
              onChange={(value) => update({ format: value })}
              data={report.formats.map((value) => ({ value, label: t(`reports.formats.${value}`) }))}
              data-testid="report-format"
            />
          </Stack>
          {format === 'csv' ? (
            <Select
              label={t('reports.csvVariant')}
              value={csvVariant}
              allowDeselect={false}
              onChange={(value) => update({ csv: value === 'comma' ? 'comma' : null })}
              data={[
                { value: 'semicolon', label: t('reports.csvVariants.semicolon') },
                { value: 'comma', label: t('reports.csvVariants.comma') },
              ]}
              w={260}
              data-testid="report-csv-variant"
            />
          ) : null}
        </Group>
        <DownloadBar choices={choices} />
      </Stack>
    </SectionCard>
  );
}

/** A payroll week exported before: the office confirms before it goes to the payroll twice. */
async function confirmPayrollAgain(error: unknown, t: TFunction) {
  if (!isApiError(error) || error.code !== 'PAYROLL_ALREADY_EXPORTED') return false;
  const weeks = Array.isArray(error.details?.weeks) ? (error.details.weeks as string[]) : [];
  return confirmAction({
    title: t('reports.payrollAgainTitle'),
    message: t('reports.payrollAgainMessage', {
      weeks: weeks.map((week) => formatDate(week)).join(', '),
      count: weeks.length,
    }),
    confirmLabel: t('reports.payrollAgainConfirm'),
  });
}

function DownloadBar({ choices }: { choices: Choices }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<{ bytes: number; slow: boolean } | null>(null);
  const controller = useRef<AbortController | null>(null);
  // Leaving the page cancels a download in flight.
  useEffect(() => () => controller.current?.abort(), []);
  const type = choices.report?.type ?? '';
  const start = async (confirm = false) => {
    const abort = new AbortController();
    controller.current = abort;
    setProgress({ bytes: 0, slow: false });
    // Progress and Cancel show once the document takes over a second.
    const slow = setTimeout(() => setProgress((current) => current && { ...current, slow: true }), 1_000);
    try {
      const query = { ...queryOf(choices), ...(confirm ? { confirm: 'true' as const } : {}) };
      const name = await downloadReport(type, query, {
        signal: abort.signal,
        onProgress: (bytes) => setProgress((current) => current && { ...current, bytes }),
      });
      toast.success(t('reports.downloaded', { name }));
    } catch (error) {
      if (abort.signal.aborted) toast.warning(t('reports.cancelled'));
      else if (await confirmPayrollAgain(error, t)) {
        clearTimeout(slow);
        return start(true);
      } else if (!isApiError(error) || error.code !== 'PAYROLL_ALREADY_EXPORTED')
        toast.error(errorMessage(error));
    } finally {
      clearTimeout(slow);
      if (controller.current === abort) {
        controller.current = null;
        setProgress(null);
      }
    }
  };
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button
          leftSection={<IconDownload size={18} aria-hidden />}
          onClick={() => start()}
          loading={progress !== null}
          disabled={!choices.format}
          data-testid="report-download"
        >
          {t('reports.download', { format: (choices.format ?? '').toUpperCase() })}
        </Button>
        {progress?.slow ? (
          <Button variant="default" onClick={() => controller.current?.abort()} data-testid="report-cancel">
            {t('common.cancel')}
          </Button>
        ) : null}
      </Group>
      {progress?.slow ? (
        <Stack gap={4} maw={420} data-testid="report-progress">
          <Progress value={100} animated striped aria-label={t('reports.making')} />
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('reports.received', { size: formatNumber(Math.round(progress.bytes / 1024)) })}
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
}

function ReportPreviewCard({ choices }: { choices: Choices }) {
  const { t } = useTranslation();
  const type = choices.report?.type ?? '';
  const query = useQuery(
    reportPreviewQuery(type, { ...queryOf(choices), format: undefined, csvVariant: undefined }),
  );
  const preview = query.data;
  const stale = query.isPlaceholderData || (query.isFetching && !query.isPending);
  return (
    <SectionCard headingId="report-preview-title" data-testid="report-preview">
      <Stack gap="md">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4" id="report-preview-title">
            {t('reports.preview')}
          </Title>
          <Group gap="xs">
            {stale ? <Loader size="xs" role="status" aria-label={t('common.loading')} /> : null}
            <Text size="sm" c="dimmed">
              {formatDateRange(choices.from, choices.to)}
            </Text>
          </Group>
        </Group>
        {query.error && !preview ? (
          <Alert color="red" variant="light" data-testid="report-preview-error">
            {errorMessage(query.error)}
          </Alert>
        ) : !preview ? (
          <Center py="xl">
            <Loader role="status" aria-label={t('common.loading')} />
          </Center>
        ) : preview.rowCount === 0 ? (
          <Text c="dimmed" data-testid="report-preview-empty">
            {t('reports.emptyPeriod')}
          </Text>
        ) : (
          <Stack gap="md" style={{ opacity: stale ? 0.6 : 1 }}>
            {preview.chart ? (
              <Suspense fallback={<Skeleton h={280} radius="sm" />}>
                <PreviewChart chart={preview.chart} label={t('reports.chartLabel')} />
              </Suspense>
            ) : null}
            <PreviewTable preview={preview} />
          </Stack>
        )}
        {query.error && preview ? (
          <Alert color="red" variant="light">
            {errorMessage(query.error)}
          </Alert>
        ) : null}
      </Stack>
    </SectionCard>
  );
}
