import type { Timesheet } from '@brigade/shared/timesheets';
import { Alert, Anchor, Button, Card, Group, Menu, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconDownload, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DangerButton } from '../../../components/DangerButton.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import touchTargets from '../../../components/TouchTargets.module.css';
import { useAuth } from '../../../lib/auth.ts';
import { addDays } from '../../../lib/calendar.ts';
import { confirmAction } from '../../../lib/confirm.tsx';
import { useRecordTitle } from '../../../lib/documentTitle.ts';
import { formatDate, formatDateTime, formatHours } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { toast } from '../../../lib/toast.tsx';
import { approveTimesheet, deleteTimesheet, downloadTimesheet, timesheetQuery } from '../api.ts';
import type { PhotoTarget } from '../components/ReceiptPhotoViewer.tsx';
import { RejectDialog, type RejectTarget } from '../components/RejectDialog.tsx';
import { SendDialog } from '../components/SendDialog.tsx';
import { TimesheetGrid } from '../components/TimesheetGrid.tsx';
import { TimesheetStatusBadge } from '../components/TimesheetStatusBadge.tsx';
import classes from './TimesheetEditPage.module.css';

// The photo viewer (and Embla, which swipes it) is loaded when a receipt is first opened.
const ReceiptPhotoViewer = lazy(() => import('../components/ReceiptPhotoViewer.tsx'));

/**
 * timesheets/edit/{id}: one site's week. The office sends it, changes its hours (each entry opens
 * in the logger), downloads it, deletes it; a supervisor of the site (often from the e-mail's
 * magic link, on a phone) approves it or refuses a line.
 */
export default function TimesheetEditPage() {
  const { id = '' } = useParams();
  const query = useQuery(timesheetQuery(id));
  const { session } = useAuth();
  const { t } = useTranslation();
  if (!query.data) {
    // Loading, or not found (a deleted timesheet, a link cut short): the page still says what it is.
    return (
      <Stack gap="md">
        <Title order={1}>{t('titles.timesheetsEdit')}</Title>
        <QueryState
          query={query}
          backHref={session?.user.role === 'admin' ? '/timesheets' : '/dashboard-supervisor'}
        />
      </Stack>
    );
  }
  return (
    <TimesheetView
      sheet={query.data}
      role={session?.user.role ?? 'supervisor'}
      scoped={Boolean(session?.scope)}
      readOnlyLink={Boolean(session?.scope?.readOnly)}
    />
  );
}

function TimesheetView({
  sheet,
  role,
  scoped,
  readOnlyLink,
}: {
  sheet: Timesheet;
  role: string;
  scoped: boolean;
  /** A magic link opened once the week was approved: it shows the week and decides nothing. */
  readOnlyLink: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const [rejecting, setRejecting] = useState<RejectTarget | null>(null);
  // The last line whose photos were opened: the viewer stays drawn once closed, so that closing it
  // gives the focus back to the button that opened it.
  const [viewing, setViewing] = useState<{ target: PhotoTarget; opened: boolean } | null>(null);
  useRecordTitle(`${sheet.site.name} — ${formatDate(sheet.weekStart)}`);
  const admin = role === 'admin';
  const approved = sheet.status === 'approved';
  // A supervisor decides on a sent or reopened week, once every refused line is settled (issue 26).
  const decidable = !readOnlyLink && (sheet.status === 'sent' || sheet.status === 'reopened');
  const weekLabel = t('timesheets.weekOf', {
    from: formatDate(sheet.weekStart),
    to: formatDate(addDays(sheet.weekStart, 6)),
  });

  const approve = useApiMutation({ ...approveTimesheet(sheet.id), successKey: 'timesheets.approved' });
  const remove = useApiMutation({
    ...deleteTimesheet,
    successKey: 'timesheets.deleted',
    onSuccess: () => navigate('/timesheets', { replace: true }),
  });
  const onApprove = async () => {
    const ok = await confirmAction({
      title: t('timesheets.approveConfirmTitle'),
      message: t('timesheets.approveConfirmText', {
        hours: formatHours(sheet.totals.minutes),
        workers: sheet.workers,
        week: formatDate(sheet.weekStart),
      }),
      confirmLabel: t('timesheets.approve'),
    });
    if (ok) approve.mutate();
  };
  const onDelete = async () => {
    const ok = await confirmAction({
      title: t('timesheets.deleteConfirm'),
      message: t('timesheets.deleteConfirmText', {
        site: sheet.site.name,
        week: formatDate(sheet.weekStart),
      }),
      confirmLabel: t('common.delete'),
      danger: true,
    });
    if (ok) remove.mutate(sheet.id);
  };
  const download = (format: 'pdf' | 'xlsx') =>
    downloadTimesheet(sheet.id, format, currentLanguage()).catch(() => toast.error(t('errors.status.other')));

  return (
    // On a phone (a supervisor's, often from the e-mail's link), every target is a thumb's size.
    <Stack gap="md" className={touchTargets.area}>
      {scoped ? null : (
        <Anchor
          component={Link}
          to={admin ? '/timesheets' : '/dashboard-supervisor'}
          size="sm"
          className={classes.backLink}
        >
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden />
            {admin ? t('common.backToList') : t('titles.supervisorDashboard')}
          </Group>
        </Anchor>
      )}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="sm" align="center">
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {sheet.site.name}
            </Title>
            <TimesheetStatusBadge status={sheet.status} />
          </Group>
          <Text c="dimmed" size="sm">
            {[sheet.client.name, sheet.site.city].filter(Boolean).join(' · ')}
          </Text>
          <Text fw={600} data-testid="timesheet-week">
            {weekLabel}
          </Text>
          {sheet.site.po || sheet.site.jobNumber ? (
            <Text size="sm" c="dimmed">
              {[
                sheet.site.po ? `PO ${sheet.site.po}` : null,
                sheet.site.jobNumber ? `Job # ${sheet.site.jobNumber}` : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs" data-testid="record-actions">
          {admin && !approved ? (
            <Button
              leftSection={<IconSend size={16} aria-hidden />}
              onClick={() => setSending(true)}
              data-testid="timesheet-send"
            >
              {t('timesheets.send')}
            </Button>
          ) : null}
          {!admin && decidable ? (
            <Button
              // Teal 9 keeps 5:1 with white text (green 9, 4.4:1, did not).
              color="teal.9"
              leftSection={<IconCheck size={16} aria-hidden />}
              onClick={onApprove}
              disabled={sheet.rejected > 0}
              loading={approve.isPending}
              data-testid="timesheet-approve"
            >
              {t('timesheets.approve')}
            </Button>
          ) : null}
          <Menu position="bottom-end" classNames={{ dropdown: touchTargets.area }}>
            <Menu.Target>
              <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
                {t('timesheets.download')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => download('pdf')}>{t('timesheets.pdf')}</Menu.Item>
              <Menu.Item onClick={() => download('xlsx')}>{t('timesheets.xlsx')}</Menu.Item>
            </Menu.Dropdown>
          </Menu>
          {admin ? (
            <DangerButton onClick={onDelete} loading={remove.isPending}>
              {t('timesheets.delete')}
            </DangerButton>
          ) : null}
        </Group>
      </Group>

      {approved && sheet.approvedByName && sheet.approvedAt ? (
        <Alert
          color="green"
          variant="light"
          icon={<IconCheck size={18} aria-hidden />}
          data-testid="timesheet-approved"
        >
          <Text size="sm" fw={600}>
            {t('timesheets.approvedBy', { name: sheet.approvedByName, at: formatDateTime(sheet.approvedAt) })}
          </Text>
          {admin && sheet.approvedIp ? (
            <Text size="sm" data-testid="timesheet-approver-origin">
              {t('timesheets.approverOrigin', {
                ip: sheet.approvedIp,
                browser: sheet.approvedUserAgent ?? '—',
              })}
            </Text>
          ) : null}
          {admin ? <Text size="sm">{t('timesheets.readOnlyApproved')}</Text> : null}
        </Alert>
      ) : sheet.sentAt ? (
        <Text size="sm" c="dimmed">
          {t('timesheets.sentOn', { at: formatDateTime(sheet.sentAt) })}
        </Text>
      ) : null}

      {readOnlyLink && !approved ? (
        <Alert color="gray" variant="light" data-testid="timesheet-read-only-link">
          <Text size="sm">{t('timesheets.readOnlyLink')}</Text>
        </Alert>
      ) : null}
      {sheet.rejected > 0 ? (
        <Alert color="red" variant="light" data-testid="timesheet-refused-lines">
          <Text size="sm" fw={600}>
            {t('timesheets.refusedLines', { count: sheet.rejected })}
          </Text>
          <Text size="sm">{t('errors.TIMESHEET_HAS_REFUSED_LINES')}</Text>
        </Alert>
      ) : sheet.status === 'reopened' ? (
        <Alert color="orange" variant="light" data-testid="timesheet-reopened">
          <Text size="sm">{t('timesheets.reopenedNote')}</Text>
        </Alert>
      ) : null}

      <TimesheetGrid
        sheet={sheet}
        actions={{
          editable: admin,
          onReject: !admin && decidable ? setRejecting : undefined,
          onPhotos: (target) => setViewing({ target, opened: true }),
        }}
      />

      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="sm">
          {t('timesheets.history')}
        </Title>
        <Timeline bulletSize={14} lineWidth={2} data-testid="timesheet-history">
          {sheet.events.map((event) => (
            <Timeline.Item key={`${event.kind}-${event.at}`} title={eventTitle(t, event)}>
              <Text size="xs" c="dimmed">
                {formatDateTime(event.at)}
                {event.actorName ? ` · ${t('timesheets.by', { name: event.actorName })}` : ''}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Card>

      {admin ? (
        <SendDialog key={String(sending)} sheet={sheet} opened={sending} onClose={() => setSending(false)} />
      ) : null}
      <RejectDialog sheetId={sheet.id} target={rejecting} onClose={() => setRejecting(null)} />
      {viewing ? (
        <Suspense fallback={null}>
          <ReceiptPhotoViewer
            key={viewing.target.entryId}
            target={viewing.target}
            opened={viewing.opened}
            onClose={() => setViewing({ ...viewing, opened: false })}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}

function eventTitle(t: TFunction, event: Timesheet['events'][number]) {
  const detail = event.detail as {
    recipients?: { name: string }[];
    reason?: string;
    settled?: boolean;
    automatic?: boolean;
  };
  // Reopened once the refused lines were settled, not by a change to an approved week; the weekly
  // job's sheets say they made themselves (no one's name follows).
  const key =
    event.kind === 'reopened' && detail.settled
      ? 'reopenedSettled'
      : event.kind === 'created' && detail.automatic
        ? 'createdAutomatically'
        : event.kind;
  return t(`timesheets.events.${key}`, {
    // Each name once: a reminder reaches a supervisor by e-mail and by SMS.
    to: [...new Set((detail.recipients ?? []).map((r) => r.name))].join(', '),
    reason: detail.reason ?? '',
  });
}
