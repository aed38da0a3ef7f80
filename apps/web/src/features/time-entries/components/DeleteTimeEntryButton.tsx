import type { TimeEntry } from '@brigade/shared/time-entries';
import { Button, Group } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDeleteRecord } from '../../../lib/deleteRecord.ts';
import { formatDate } from '../../../lib/format.ts';
import { deleteTimeEntry } from '../api.ts';

/** Deletes the entry after a confirmation that names its day, hours and site; back to its week. */
export function DeleteTimeEntryButton({ entry, afterHref }: { entry: TimeEntry; afterHref: string }) {
  const { t } = useTranslation();
  const remove = useDeleteRecord({
    mutationFn: () => deleteTimeEntry.mutationFn(entry.id),
    changes: deleteTimeEntry.changes,
    id: entry.id,
    deletable: true,
    confirm: {
      title: t('timeEntries.deleteConfirm'),
      message: t('timeEntries.deleteConfirmText', {
        date: formatDate(entry.workDate),
        startTime: entry.startTime,
        endTime: entry.endsNextDay ? `${entry.endTime} (+1)` : entry.endTime,
        site: entry.site.name,
      }),
    },
    listHref: afterHref,
    deletedKey: 'timeEntries.deleted',
    archivedKey: 'timeEntries.deleted',
  });
  return (
    <Group maw={560} justify="center">
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={18} aria-hidden />}
        onClick={remove.confirm}
        loading={remove.isPending}
        data-testid="time-entry-delete"
      >
        {t('common.delete')}
      </Button>
    </Group>
  );
}
