import { Center, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { EmployeePicker } from '../../../components/EmployeePicker.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { afterFirstAction } from '../../../lib/afterFirstAction.ts';
import { useAuth } from '../../../lib/auth.ts';
import { useRecordTitle } from '../../../lib/documentTitle.ts';
import { timeEntryQuery } from '../api.ts';
import { DeleteTimeEntryButton } from '../components/DeleteTimeEntryButton.tsx';
import { NoOwnHours } from '../components/NoOwnHours.tsx';
import { TimeEntryForm } from '../components/TimeEntryForm.tsx';

/** The week a saved entry returns to: one's own (a worker's), or the worker's for the office. */
const weekHref = (employeeId: string | undefined) => (workDate: string) =>
  `${employeeId ? `/time-entries/${employeeId}` : '/time-entries'}?week=${workDate}`;

/**
 * Where the logger was opened from, when it says so (`?returnTo=`, a timesheet correcting a refused
 * line): saved or deleted, the hours go back there. Only a timesheet of this app, never elsewhere.
 */
const returnPath = (value: string | null) =>
  value && /^\/timesheets\/edit\/[0-9a-f-]{36}$/.test(value) ? value : null;

/**
 * `time-logger` (new hours; `?employeeId=` for another worker's) and `time-logger/{timeEntryId}`
 * (change or delete them).
 */
export default function TimeLoggerPage() {
  const { t } = useTranslation();
  const { timeEntryId } = useParams();
  const [params, setParams] = useSearchParams();
  const role = useAuth().session?.user.role;
  const employeeId = params.get('employeeId') ?? undefined;
  const entry = useQuery({ ...timeEntryQuery(timeEntryId ?? ''), enabled: Boolean(timeEntryId) });
  // The week the logger returns to, loaded from the first touch on (not with the first screen, whose
  // paint it held back on a phone): saved without network, the hours wait there.
  useEffect(
    () =>
      afterFirstAction(() => {
        void import('./TimeEntriesPage.tsx');
      }),
    [],
  );
  useRecordTitle(entry.data ? `${entry.data.site.name} · ${entry.data.workDate}` : undefined);
  if (!timeEntryId && role === 'supervisor' && !employeeId) {
    return <NoOwnHours title={t('titles.timeLogger')} />;
  }
  if (!timeEntryId) {
    // The office logs for a worker it names first (from the worker's week, it is named already).
    const needsWorker = role === 'admin' && !employeeId;
    return (
      <Stack gap="md">
        <Title order={1}>{t('titles.timeLogger')}</Title>
        {needsWorker ? (
          <EmployeePicker
            label={t('timeEntries.worker')}
            placeholder={t('timeEntries.workerPlaceholder')}
            value={null}
            onChange={(id) => {
              if (id)
                setParams((current) => ({ ...Object.fromEntries(current), employeeId: id }), {
                  replace: true,
                });
            }}
            maw={560}
            size="md"
            data-testid="time-entry-worker"
          />
        ) : (
          <TimeEntryForm
            key={employeeId}
            employeeId={employeeId}
            workDate={params.get('date') ?? undefined}
            weekHref={weekHref(employeeId)}
          />
        )}
      </Stack>
    );
  }
  const worker = entry.data?.employee.id;
  const backTo = returnPath(params.get('returnTo'));
  const savedHref = backTo ? () => backTo : weekHref(params.get('employeeId') ? worker : undefined);
  return (
    <Stack gap="md">
      <Title order={1}>{t('titles.timeLoggerEdit')}</Title>
      {entry.data ? (
        <>
          <TimeEntryForm key={entry.data.id} entry={entry.data} weekHref={savedHref} />
          {/* An approved week's hours are the office's to change or delete. */}
          {entry.data.timesheetStatus === 'approved' && role !== 'admin' ? null : (
            <DeleteTimeEntryButton entry={entry.data} afterHref={savedHref(entry.data.workDate)} />
          )}
        </>
      ) : entry.isPending ? (
        <Center py="xl" role="status" aria-label={t('common.loading')}>
          <Loader />
        </Center>
      ) : (
        <QueryState query={entry} backHref="/time-entries" />
      )}
    </Stack>
  );
}
