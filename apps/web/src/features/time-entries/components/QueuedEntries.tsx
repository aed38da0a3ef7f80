import { endsNextDay, shiftEndMinute, shiftTimes } from '@brigade/shared/shift-times';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { longDate } from '../../../lib/calendar.ts';
import { dropQueuedEntry, flushQueue, useQueuedEntries } from '../offlineQueue.ts';

/** "22:00–06:00 (+1)": an end before the start is the next day's. */
const queuedTimes = (startTime: string, endTime: string) =>
  shiftTimes({ startTime, endTime, endsNextDay: endsNextDay(shiftEndMinute(startTime, endTime)) });

/** The hours typed without network, waiting on this phone: sent when it comes back, or now. */
export function QueuedEntries() {
  const { t } = useTranslation();
  const queued = useQueuedEntries();
  const [sending, setSending] = useState(false);
  if (!queued.length) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconCloudOff size={18} aria-hidden />}
      data-testid="queued-entries"
    >
      <Stack gap="xs">
        <Text fw={700}>{t('timeEntries.queueTitle', { count: queued.length })}</Text>
        {queued.map((entry) => (
          <Group key={entry.input.idempotencyKey} justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text size="sm">
                {longDate(entry.input.workDate)} ·{' '}
                {queuedTimes(entry.input.startTime as string, entry.input.endTime as string)}
                {entry.siteName ? ` · ${entry.siteName}` : ''}
                {entry.photos ? ` · ${t('timeEntries.queuePhotos', { count: entry.photos })}` : ''}
              </Text>
              {entry.error ? (
                <Text size="sm" c="red.9">
                  {entry.error}
                </Text>
              ) : null}
            </div>
            {entry.error ? (
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                // The subtle button's own red is too light on the orange alert (axe: contrast 2.8).
                c="red.9"
                onClick={() => dropQueuedEntry(entry.input.idempotencyKey)}
              >
                {t('timeEntries.queueDrop')}
              </Button>
            ) : null}
          </Group>
        ))}
        <Group>
          <Button
            size="sm"
            variant="white"
            loading={sending}
            onClick={() => {
              setSending(true);
              void flushQueue().finally(() => setSending(false));
            }}
            data-testid="queued-send"
          >
            {t('timeEntries.queueSend')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
