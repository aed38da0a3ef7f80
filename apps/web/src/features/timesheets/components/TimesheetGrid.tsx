import { shiftTimes } from '@brigade/shared/shift-times';
import type { Timesheet, TimesheetEntry, TimesheetLine } from '@brigade/shared/timesheets';
import { Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCamera } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SoftBadge } from '../../../components/SoftBadge.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { longDate } from '../../../lib/calendar.ts';
import { formatHours, formatMoney } from '../../../lib/format.ts';
import { phoneQuery } from '../../../lib/phoneLayout.ts';
import type { PhotoTarget } from './ReceiptPhotoViewer.tsx';
import type { RejectTarget } from './RejectDialog.tsx';
import classes from './TimesheetGrid.module.css';

export interface GridActions {
  /** The office: each entry links to the logger to change it. */
  editable: boolean;
  /** A supervisor, before approval: each entry may be refused. */
  onReject?: (target: RejectTarget) => void;
  /** Whoever reads the timesheet: an entry's parking receipts open full screen. */
  onPhotos: (target: PhotoTarget) => void;
}

const nameOf = (line: TimesheetLine) => `${line.employee.firstName} ${line.employee.lastName}`;

/**
 * One entry of a worker's day: its times, its unpaid break (the day's hours are net of it), parking,
 * comment, refusal, and what may be done with it. In a cell of the office's table (`cell`), or as a
 * row of a phone's card, its actions beside it when they fit, under it otherwise.
 */
function Entry({
  sheetId,
  line,
  date,
  entry,
  actions,
  layout,
}: {
  sheetId: string;
  line: TimesheetLine;
  date: string;
  entry: TimesheetEntry;
  actions: GridActions;
  layout: 'cell' | 'row';
}) {
  const { t } = useTranslation();
  const size = layout === 'row' ? 'sm' : 'xs';
  const who = `${nameOf(line)}, ${longDate(date)}, ${shiftTimes(entry)}`;
  const photos = entry.photos.length;
  const controls = [
    photos ? (
      <Button
        key="photos"
        size="compact-sm"
        variant="light"
        leftSection={<IconCamera size={16} aria-hidden />}
        onClick={() => actions.onPhotos({ sheetId, entryId: entry.id, photos: entry.photos, label: who })}
        aria-label={`${t('timesheets.photosOpen', { count: photos })} — ${who}`}
        data-testid="timesheet-entry-photos"
      >
        {photos}
      </Button>
    ) : null,
    actions.editable ? (
      <Button
        key="edit"
        component={Link}
        // Saved or deleted, the logger comes back to this timesheet (issue 26, point 2).
        to={`/time-logger/${entry.id}?${new URLSearchParams({ returnTo: `/timesheets/edit/${sheetId}` })}`}
        size={layout === 'row' ? 'compact-sm' : 'compact-xs'}
        variant={layout === 'row' ? 'default' : 'subtle'}
      >
        {t('timesheets.editHours')}
        <VisuallyHidden>{` — ${nameOf(line)}, ${longDate(date)}`}</VisuallyHidden>
      </Button>
    ) : null,
    actions.onReject && !entry.rejection ? (
      <Button
        key="reject"
        size={layout === 'row' ? 'compact-sm' : 'compact-xs'}
        // Outlined: red 9 keeps 4.5:1 on white (the subtle variant drew it in red 6, 3.1:1).
        variant="outline"
        color="red.9"
        onClick={() =>
          actions.onReject?.({
            entryId: entry.id,
            label: t('timesheets.rejectLine', {
              name: nameOf(line),
              date: longDate(date),
              start: entry.startTime,
              end: entry.endsNextDay ? `${entry.endTime} (+1)` : entry.endTime,
            }),
          })
        }
        aria-label={`${t('timesheets.reject')} — ${who}`}
      >
        {t('timesheets.reject')}
      </Button>
    ) : null,
  ].filter(Boolean);
  return (
    <div
      className={classes.entry}
      data-layout={layout}
      data-rejected={entry.rejection ? true : undefined}
      data-changed={entry.changed ? true : undefined}
      data-testid="timesheet-entry"
    >
      <div className={classes.entryText}>
        <Text size={size} fw={layout === 'row' ? 600 : undefined}>
          {shiftTimes(entry)}
        </Text>
        <Text size={size} data-testid="timesheet-entry-break">
          {entry.breakMinutes
            ? t('timesheets.breakMinutes', { count: entry.breakMinutes })
            : t('timesheets.noBreak')}
        </Text>
        {entry.parkingCents ? (
          <Text size={size}>
            {layout === 'row' ? `${t('timesheets.parking')} ` : ''}
            {formatMoney(entry.parkingCents)}
          </Text>
        ) : null}
        {entry.comment ? (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {entry.comment}
          </Text>
        ) : null}
        {entry.changed ? (
          <SoftBadge color="orange" data-testid="timesheet-entry-changed">
            {t('timesheets.changed')}
          </SoftBadge>
        ) : null}
        {entry.rejection ? (
          <Text size="xs" c="red.9" fw={600}>
            {t('timesheets.rejectedBy', { by: entry.rejection.by ?? '—', reason: entry.rejection.reason })}
          </Text>
        ) : null}
      </div>
      {controls.length ? <div className={classes.entryActions}>{controls}</div> : null}
    </div>
  );
}

/**
 * For the office: the worker had no confirmed assignation on the site that week (they said so when
 * they logged): hours to check before they go to the client.
 */
function NoAssignation({ line }: { line: TimesheetLine }) {
  const { t } = useTranslation();
  const admin = useAuth().session?.user.role === 'admin';
  if (!admin || !line.withoutAssignation) return null;
  return (
    <SoftBadge color="orange" data-testid="timesheet-no-assignation">
      {t('timesheets.withoutAssignation')}
    </SoftBadge>
  );
}

/** Workers × days with each day's hours and entries, totals per worker, per day and for the week. */
export function TimesheetGrid({ sheet, actions }: { sheet: Timesheet; actions: GridActions }) {
  const { t } = useTranslation();
  const phone = useMediaQuery(phoneQuery, window.matchMedia(phoneQuery).matches);
  const dayLabel = (date: string) =>
    longDate(date, { weekday: 'short', day: 'numeric', month: 'short', year: undefined });

  // A night shift shows on the day it starts, its end marked "(+1)": said once under the grid.
  const nightNote = sheet.lines.some((line) =>
    line.days.some((day) => day.entries.some((entry) => entry.endsNextDay)),
  ) ? (
    <Text size="xs" c="dimmed" data-testid="timesheet-night-note">
      {t('timesheets.nightShifts')}
    </Text>
  ) : null;

  // What "Sans affectation" means, said once under the grid (the office's only).
  const admin = useAuth().session?.user.role === 'admin';
  const assignationNote =
    admin && sheet.lines.some((line) => line.withoutAssignation) ? (
      <Text size="xs" c="dimmed" data-testid="timesheet-no-assignation-note">
        {t('timesheets.withoutAssignationHint')}
      </Text>
    ) : null;

  if (sheet.lines.length === 0) {
    return (
      <Card withBorder padding="lg">
        <Text c="dimmed">{t('timesheets.noHours')}</Text>
      </Card>
    );
  }

  if (phone) {
    return (
      <Stack gap="sm" data-testid="timesheet-grid">
        {sheet.lines.map((line) => (
          <Card key={line.employee.id} withBorder padding="sm" data-testid="timesheet-line">
            <Group justify="space-between" wrap="nowrap" mb={6}>
              <Text fw={700}>{nameOf(line)}</Text>
              <Text fw={700}>{formatHours(line.minutes)}</Text>
            </Group>
            <NoAssignation line={line} />
            <Stack gap={0}>
              {line.days
                .filter((day) => day.entries.length)
                .map((day) => (
                  <div key={day.date} className={classes.phoneDay}>
                    <Group justify="space-between" wrap="nowrap">
                      <Text size="sm" fw={700}>
                        {dayLabel(day.date)}
                      </Text>
                      <Text size="sm" fw={700}>
                        {formatHours(day.minutes)}
                      </Text>
                    </Group>
                    {day.entries.map((entry) => (
                      <Entry
                        key={entry.id}
                        sheetId={sheet.id}
                        line={line}
                        date={day.date}
                        entry={entry}
                        actions={actions}
                        layout="row"
                      />
                    ))}
                  </div>
                ))}
            </Stack>
            <Text size="xs" c="dimmed" mt={6}>
              {t('timesheets.regular')} {formatHours(line.regular)} · {t('timesheets.overtime')}{' '}
              {formatHours(line.overtime)}
              {line.parkingCents ? ` · ${t('timesheets.parking')} ${formatMoney(line.parkingCents)}` : ''}
            </Text>
          </Card>
        ))}
        <Card withBorder padding="sm">
          <Group justify="space-between">
            <Text fw={700}>{t('timesheets.total')}</Text>
            <Text fw={700} data-testid="timesheet-total">
              {formatHours(sheet.totals.minutes)}
            </Text>
          </Group>
        </Card>
        {nightNote}
        {assignationNote}
      </Stack>
    );
  }

  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table
          withTableBorder
          withColumnBorders
          verticalSpacing={6}
          data-testid="timesheet-grid"
          className={classes.table}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('timesheets.employee')}</Table.Th>
              {sheet.days.map((date) => (
                <Table.Th key={date} scope="col" ta="center">
                  {longDate(date, { weekday: 'short', day: undefined, month: undefined, year: undefined })}
                  <br />
                  {longDate(date, { weekday: undefined, day: 'numeric', month: 'short', year: undefined })}
                </Table.Th>
              ))}
              <Table.Th scope="col" ta="right">
                {t('timesheets.total')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                <abbr title={t('timesheets.regular')}>{t('timesheets.regularShort')}</abbr>
              </Table.Th>
              <Table.Th scope="col" ta="right">
                <abbr title={t('timesheets.overtime')}>{t('timesheets.overtimeShort')}</abbr>
              </Table.Th>
              <Table.Th scope="col" ta="right">
                <abbr title={t('timesheets.parking')}>{t('timesheets.parkingShort')}</abbr>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sheet.lines.map((line) => (
              <Table.Tr key={line.employee.id} data-testid="timesheet-line">
                <Table.Th scope="row">
                  <Text size="sm" fw={600}>
                    {line.employee.lastName}, {line.employee.firstName}
                  </Text>
                  {line.employee.number ? (
                    <Text size="xs" c="dimmed">
                      {line.employee.number}
                    </Text>
                  ) : null}
                  <NoAssignation line={line} />
                </Table.Th>
                {line.days.map((day) => (
                  <Table.Td key={day.date} ta="center" valign="top">
                    {day.entries.length ? (
                      <Stack gap={4} align="center">
                        <Text size="sm" fw={700}>
                          {formatHours(day.minutes)}
                        </Text>
                        {day.entries.map((entry) => (
                          <Entry
                            key={entry.id}
                            sheetId={sheet.id}
                            line={line}
                            date={day.date}
                            entry={entry}
                            actions={actions}
                            layout="cell"
                          />
                        ))}
                      </Stack>
                    ) : null}
                  </Table.Td>
                ))}
                <Table.Td ta="right" fw={700}>
                  {formatHours(line.minutes)}
                </Table.Td>
                <Table.Td ta="right">{formatHours(line.regular)}</Table.Td>
                <Table.Td ta="right">{formatHours(line.overtime)}</Table.Td>
                <Table.Td ta="right">{line.parkingCents ? formatMoney(line.parkingCents) : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">{t('timesheets.dayTotal')}</Table.Th>
              {sheet.dayMinutes.map((minutes, index) => (
                <Table.Td key={sheet.days[index]} ta="center" fw={700}>
                  {minutes ? formatHours(minutes) : ''}
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={700} data-testid="timesheet-total">
                {formatHours(sheet.totals.minutes)}
              </Table.Td>
              <Table.Td ta="right" fw={700}>
                {formatHours(sheet.totals.regular)}
              </Table.Td>
              <Table.Td ta="right" fw={700}>
                {formatHours(sheet.totals.overtime)}
              </Table.Td>
              <Table.Td ta="right" fw={700}>
                {formatMoney(sheet.totals.parkingCents)}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      {nightNote}
      {assignationNote}
    </>
  );
}
