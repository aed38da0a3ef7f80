import { Center, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { QueryState } from '../../../components/QueryState.tsx';
import { useRecordTitle } from '../../../lib/documentTitle.ts';
import { timeEntryQuery } from '../api.ts';
import { DeleteTimeEntryButton } from '../components/DeleteTimeEntryButton.tsx';
import { TimeEntryForm } from '../components/TimeEntryForm.tsx';

/** The week a saved entry returns to: one's own, or the worker's for an admin or a supervisor. */
const weekHref = (employeeId: string | undefined) => (workDate: string) =>
  `${employeeId ? `/time-entries/${employeeId}` : '/time-entries'}?week=${workDate}`;

/**
 * `time-logger` (new hours; `?employeeId=` for another worker's) and `time-logger/{timeEntryId}`
 * (change or delete them).
 */
export default function TimeLoggerPage() {
  const { t } = useTranslation();
  const { timeEntryId } = useParams();
  const [params] = useSearchParams();
  const employeeId = params.get('employeeId') ?? undefined;
  const entry = useQuery({ ...timeEntryQuery(timeEntryId ?? ''), enabled: Boolean(timeEntryId) });
  // The week the logger returns to, loaded now: saved without network, the hours wait there.
  useEffect(() => {
    void import('./TimeEntriesPage.tsx');
  }, []);
  useRecordTitle(entry.data ? `${entry.data.site.name} · ${entry.data.workDate}` : undefined);
  if (!timeEntryId) {
    return (
      <Stack gap="md">
        <Title order={1}>{t('titles.timeLogger')}</Title>
        <TimeEntryForm
          employeeId={employeeId}
          workDate={params.get('date') ?? undefined}
          weekHref={weekHref(employeeId)}
        />
      </Stack>
    );
  }
  const worker = entry.data?.employee.id;
  return (
    <Stack gap="md">
      <Title order={1}>{t('titles.timeLoggerEdit')}</Title>
      {entry.data ? (
        <>
          <TimeEntryForm
            key={entry.data.id}
            entry={entry.data}
            weekHref={weekHref(params.get('employeeId') ? worker : undefined)}
          />
          <DeleteTimeEntryButton
            entry={entry.data}
            afterHref={weekHref(params.get('employeeId') ? worker : undefined)(entry.data.workDate)}
          />
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
