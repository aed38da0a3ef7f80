import { payWeekStart } from '@brigade/shared/pay-week';
import {
  clockTime,
  companyInstant,
  endsNextDay,
  quarterHours,
  shiftEndMinute,
  timeToMinutes,
  workedMinutes,
} from '@brigade/shared/shift-times';
import type { TimeEntry, TimeEntryInputParsed, timeEntryInputSchema } from '@brigade/shared/time-entries';
import { Alert, Button, Group, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconMoon } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { memo, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormCard } from '../../../components/FormSection.tsx';
import { GrowingTextarea, type GrowingTextareaProps } from '../../../components/GrowingTextarea.tsx';
import { SearchPicker } from '../../../components/SearchPicker.tsx';
import { SegmentedChoice } from '../../../components/SegmentedChoice.tsx';
import { afterFirstAction } from '../../../lib/afterFirstAction.ts';
import { offlineCode } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth.ts';
import { addDays, companyToday, longDate } from '../../../lib/calendar.ts';
import { confirmAction } from '../../../lib/confirm.tsx';
import { formatAmount, formatHours } from '../../../lib/format.ts';
import { requestModalsHost } from '../../../lib/modalsHost.ts';
import { preloadable } from '../../../lib/preloadable.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { toast } from '../../../lib/toast.tsx';
import { useUnsavedChangesGuard } from '../../../lib/useUnsavedChangesGuard.ts';
import { lazySchema, useZodForm } from '../../../lib/useZodForm.ts';
import {
  addPhoto,
  createTimeEntry,
  loggableSitesQuery,
  timeEntryDefaultsQuery,
  updateTimeEntry,
} from '../api.ts';
import { clearDraft, draftKey, forgetStaleDrafts, loadDraft, saveDraft } from '../draft.ts';
import { isOffline, queuedToastId, queueEntry } from '../offlineQueue.ts';
import { ReceiptPhotos } from './ReceiptPhotos.tsx';
import classes from './TimeEntryForm.module.css';

type Values = z.input<typeof timeEntryInputSchema>;

const breaks = [0, 15, 30, 45, 60];
/** The clock's quarter hours, 00:00 to 23:45 ("24:00" is the next day's 00:00). */
const clockQuarterHours = quarterHours.slice(0, -1);
const otherSite = 'other';

/**
 * The calendar (Mantine's dates, about 15 KB over the network) only for "Autre jour": a phone
 * opening the logger for today's or yesterday's hours does not wait for it. Its code comes from the
 * person's first touch on, so it is there when they choose another day.
 */
/**
 * The entry's rules (zod and the shared schemas) come from the person's first touch on, not with
 * the form: a phone draws the logger without them, a save waits for them (lib/useZodForm.ts).
 */
const entrySchema = lazySchema(() =>
  import('@brigade/shared/time-entries').then(({ timeEntryInputSchema }) => timeEntryInputSchema),
);

const DateField = preloadable(() =>
  import('../../../components/DateField.tsx').then(({ DateField }) => ({ default: DateField })),
);

const siteOption = (site: { id: string; name: string; clientName: string; city: string | null }) => ({
  value: site.id,
  label: `${site.name} — ${site.clientName}${site.city ? `, ${site.city}` : ''}`,
});

export interface TimeEntryFormProps {
  /** The entry to change; a new one otherwise. */
  entry?: TimeEntry;
  /** Another worker's hours (an admin or a supervisor logging for them). */
  employeeId?: string;
  /** A new entry's day (today by default). */
  workDate?: string;
  /** Where to go once saved: the week of the day logged. */
  weekHref: (workDate: string) => string;
}

/**
 * The time logger, made for a phone held in one hand outdoors: the day (today first), the site (the
 * worker's confirmed assignations that day first), start and end in quarter hours with the phone's
 * own wheel, the unpaid break in one tap, the hours worked as they are picked, parking and a comment.
 * A new entry carries a key made once: sent twice (a network lost before the answer), it is written once.
 */
export function TimeEntryForm({ entry, employeeId, workDate, weekHref }: TimeEntryFormProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const today = companyToday();
  const [idempotencyKey] = useState(() => (entry ? undefined : crypto.randomUUID()));
  // Its questions (a site without assignation) may come without network: their code comes with
  // the first touch, not before the form is drawn (what a phone waits for to see it).
  useEffect(() => afterFirstAction(() => void requestModalsHost().catch(() => undefined)), []);
  useEffect(
    () =>
      afterFirstAction(() => {
        void entrySchema.load().catch(() => undefined);
        void DateField.preload().catch(() => undefined);
      }),
    [],
  );
  // What was being typed before a reload (or a tab the phone dropped while the camera was open).
  const [draftSlot] = useState(() => {
    forgetStaleDrafts();
    const key = draftKey({ entryId: entry?.id, employeeId, workDate });
    return { key, draft: loadDraft<Values>(key) };
  });
  const form = useZodForm(entrySchema, {
    employeeId: entry?.employee.id ?? employeeId,
    siteId: entry?.site.id ?? '',
    workDate: entry?.workDate ?? (workDate && workDate <= today ? workDate : today),
    startTime: entry?.startTime ?? '07:00',
    endTime: entry?.endTime ?? '15:30',
    breakMinutes: entry?.breakMinutes ?? 30,
    parking: entry?.parkingCents ? formatAmount(entry.parkingCents) : '',
    comment: entry?.comment ?? '',
    idempotencyKey,
  } satisfies Values);
  const { allowNavigation } = useUnsavedChangesGuard(form.isDirty());
  const values = form.getValues();
  // The draft comes back as the person's own change (leaving still asks), once. Leaving the form in
  // the app (saved, or changes given up) ends its draft; a reload does not.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    if (draftSlot.draft) form.setValues(draftSlot.draft.values);
    return () => clearDraft(draftSlot.key);
  }, []);
  const defaults = useQuery(
    timeEntryDefaultsQuery(entry?.employee.id ?? employeeId, values.workDate || today),
  );
  const suggested = defaults.data?.suggestedSites ?? [];
  const [choosingOther, setChoosingOther] = useState(false);
  // No assignation that day: the search is the only way, shown at once.
  const siteChoice =
    choosingOther ||
    (defaults.isSuccess && !suggested.length) ||
    (values.siteId && !suggested.some((site) => site.id === values.siteId))
      ? otherSite
      : values.siteId;

  const [pendingPhotos, setPendingPhotos] = useState<File[]>([]);
  // The site picked by search, named: an entry waiting for the network shows it.
  const [pickedSite, setPickedSite] = useState(entry ? entry.site.name : (draftSlot.draft?.siteName ?? ''));
  useEffect(() => {
    if (form.isDirty()) saveDraft(draftSlot.key, values, pickedSite);
    else clearDraft(draftSlot.key);
  }, [values, pickedSite, form, draftSlot.key]);
  const save = useApiMutation({
    mutationFn: (input: TimeEntryInputParsed) =>
      entry ? updateTimeEntry(entry.id).mutationFn(input) : createTimeEntry.mutationFn(input),
    changes: createTimeEntry.changes,
    successKey: 'timeEntries.saved',
    form,
    // Without network a new entry waits on the phone (offlineQueue.ts) instead of failing.
    meta: entry ? undefined : { inlineErrorCodes: [offlineCode] },
    onError: (error, input) => {
      if (entry || !isOffline(error) || !input.idempotencyKey) return;
      const site = suggested.find((each) => each.id === input.siteId);
      void queueEntry(
        { ...input, idempotencyKey: input.idempotencyKey },
        site?.name ?? pickedSite,
        pendingPhotos,
      )
        .then(() => {
          clearDraft(draftSlot.key);
          toast.warning(t('timeEntries.queued'), { id: queuedToastId });
          allowNavigation();
          navigate(weekHref(input.workDate), { state: { savedDay: input.workDate } });
        })
        // The phone could not keep them (private browsing, no space): nothing is lost, the form stays.
        .catch(() => toast.error(t('timeEntries.queueFailed')));
    },
    onSuccess: async (saved) => {
      allowNavigation();
      clearDraft(draftSlot.key);
      // The photos taken before saving go with the new entry; one that fails is added again from it.
      try {
        for (const file of pendingPhotos) await addPhoto(saved.id).mutationFn(file);
      } catch {
        toast.error(t('timeEntries.photosFailed'));
        navigate(`/time-logger/${saved.id}`, { replace: true });
        return;
      }
      navigate(weekHref(saved.workDate), { state: { savedDay: saved.workDate } });
    },
  });

  const chooseSite = (choice: string) => {
    if (choice === otherSite) {
      setChoosingOther(true);
      form.setFieldValue('siteId', '');
      return;
    }
    setChoosingOther(false);
    form.setFieldValue('siteId', choice);
    // The order's hours are the usual ones: proposed, still changeable.
    const site = suggested.find((each) => each.id === choice);
    // An order ending at 24:00 ends at the next day's 00:00 on the clock the logger offers.
    if (site && !entry) {
      form.setValues({ startTime: site.dailyStart, endTime: clockTime(timeToMinutes(site.dailyEnd)) });
    }
  };

  // Today's only assignation: its site (and its hours) chosen already, still changeable. Not a
  // change of the person's: leaving the form asks nothing. Never over what they typed before the
  // answer came (a slow network, the first install of the app on the phone).
  const [preselected, setPreselected] = useState(false);
  const only = !entry && suggested.length === 1 ? suggested[0] : undefined;
  useEffect(() => {
    if (!only || preselected || values.siteId || choosingOther || form.isDirty()) return;
    setPreselected(true);
    form.setValues({
      siteId: only.id,
      startTime: only.dailyStart,
      endTime: clockTime(timeToMinutes(only.dailyEnd)),
    });
    form.resetDirty();
  }, [only, preselected, values.siteId, choosingOther, form]);

  // A worker logging on a site they are not assigned to that week confirms it first: the office
  // sees those hours flagged on the site's timesheet.
  const role = useAuth().session?.user.role;
  const confirmSite = async (input: TimeEntryInputParsed) => {
    const assigned = defaults.data?.assignedSiteIds;
    const unchanged = entry && entry.site.id === input.siteId;
    if (role !== 'employee' || unchanged || !assigned || assigned.includes(input.siteId)) return true;
    return confirmAction({
      title: t('timeEntries.noAssignationTitle'),
      message: t('timeEntries.noAssignationMessage', { site: pickedSite || t('timeEntries.thisSite') }),
      confirmLabel: t('timeEntries.noAssignationConfirm'),
    });
  };

  const dayChoice =
    values.workDate === today ? 'today' : values.workDate === addDays(today, -1) ? 'yesterday' : 'other';
  const [otherDay, setOtherDay] = useState(dayChoice === 'other');
  // An end before the start (or 00:00) is on the next day: one night shift, counted on its start day.
  const times =
    values.startTime && values.endTime && values.startTime !== values.endTime
      ? {
          startMinute: timeToMinutes(values.startTime),
          endMinute: shiftEndMinute(values.startTime, values.endTime),
        }
      : null;
  const nextDay = times ? endsNextDay(times.endMinute) : false;
  // A night logged for today whose start has not come yet: most likely last night's, ending now.
  const nightNotStarted =
    times !== null &&
    nextDay &&
    values.workDate === today &&
    companyInstant(today, times.startMinute) > Date.now();
  // Real time: 9 h for 22:00–06:00 the night the clocks go back, 7 h the night they go forward.
  const worked = times
    ? /^\d{4}-\d{2}-\d{2}$/.test(values.workDate ?? '')
      ? workedMinutes({ workDate: values.workDate, ...times, breakMinutes: values.breakMinutes ?? 0 })
      : times.endMinute - times.startMinute - (values.breakMinutes ?? 0)
    : 0;
  const locked = entry?.timesheetStatus === 'approved';
  // An approved week: the worker (or the supervisor) reads their hours, only the office changes them.
  const readOnly = locked && role !== 'admin';

  return (
    <FormCard
      maw={560}
      onSubmit={form.onSubmit(async (input) => {
        if (await confirmSite(input as TimeEntryInputParsed)) save.mutate(input as TimeEntryInputParsed);
      })}
      data-testid="time-entry-form"
    >
      <fieldset disabled={readOnly} className={classes.fieldset} data-testid="time-entry-fields">
        <Stack gap="lg">
          {locked ? (
            <Alert color="blue" data-testid="time-entry-locked">
              {t(readOnly ? 'timeEntries.approvedLocked' : 'timeEntries.approvedReopens')}
            </Alert>
          ) : null}
          {entry?.rejection ? (
            <Alert color="orange">{t('timeEntries.rejected', { reason: entry.rejection.reason })}</Alert>
          ) : null}
          <ThumbChoice
            id="time-entry-day"
            label={t('timeEntries.day')}
            value={otherDay ? 'other' : dayChoice}
            onChange={(choice) => {
              setOtherDay(choice === 'other');
              if (choice === 'today') form.setFieldValue('workDate', today);
              if (choice === 'yesterday') form.setFieldValue('workDate', addDays(today, -1));
            }}
            data={[
              { value: 'today', label: t('timeEntries.today') },
              { value: 'yesterday', label: t('timeEntries.yesterday') },
              { value: 'other', label: t('timeEntries.otherDay') },
            ]}
          >
            {otherDay ? (
              <Suspense fallback={null}>
                <DateField
                  label={t('timeEntries.day')}
                  withAsterisk
                  maxDate={today}
                  // A worker's own hours: this pay week and the last one (older ones are the office's).
                  minDate={role === 'employee' ? addDays(payWeekStart(today), -7) : undefined}
                  size="md"
                  {...form.getInputProps('workDate')}
                  onChange={(date) => form.setFieldValue('workDate', date ?? '')}
                  data-testid="time-entry-date"
                />
              </Suspense>
            ) : null}
          </ThumbChoice>

          {suggested.length ? (
            <Radio.Group
              label={t('timeEntries.site')}
              withAsterisk
              value={siteChoice || null}
              onChange={chooseSite}
              error={siteChoice === otherSite ? undefined : form.errors.siteId}
            >
              <Stack gap="xs" mt="xs">
                {suggested.map((site) => (
                  <Radio.Card
                    key={site.id}
                    value={site.id}
                    className={classes.siteCard}
                    data-testid="time-entry-site"
                  >
                    <Group wrap="nowrap" align="flex-start">
                      <Radio.Indicator />
                      <div>
                        <Text fw={700}>{site.name}</Text>
                        <Text fz="sm" c="dimmed">
                          {site.client.name} · {site.dailyStart}–{site.dailyEnd}
                        </Text>
                      </div>
                    </Group>
                  </Radio.Card>
                ))}
                <Radio.Card value={otherSite} className={classes.siteCard}>
                  <Group wrap="nowrap">
                    <Radio.Indicator />
                    <Text fw={600}>{t('timeEntries.otherSite')}</Text>
                  </Group>
                </Radio.Card>
              </Stack>
            </Radio.Group>
          ) : null}
          {siteChoice === otherSite ? (
            <SearchPicker
              label={suggested.length ? t('timeEntries.otherSite') : t('timeEntries.site')}
              description={
                defaults.isSuccess && !suggested.length ? t('timeEntries.noExpectedSite') : undefined
              }
              placeholder={t('timeEntries.sitePlaceholder')}
              size="md"
              withAsterisk
              value={values.siteId || null}
              initialLabel={
                entry
                  ? `${entry.site.name} — ${entry.site.client.name}`
                  : draftSlot.draft?.siteName || undefined
              }
              onChange={(id, label) => {
                form.setFieldValue('siteId', id ?? '');
                setPickedSite(label ?? '');
              }}
              error={form.errors.siteId}
              search={(q) => loggableSitesQuery(q)}
              toOption={siteOption}
              data-testid="time-entry-other-site"
            />
          ) : null}

          <Stack gap={6}>
            <Group grow gap="sm" align="flex-start">
              <NativeSelect
                label={t('timeEntries.start')}
                size="lg"
                data={clockQuarterHours}
                {...form.getInputProps('startTime')}
                data-testid="time-entry-start"
              />
              {/* The clock's times, 00:00 to 23:45: an end before the start is the next morning's. */}
              <NativeSelect
                label={t('timeEntries.end')}
                size="lg"
                data={clockQuarterHours}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                description={
                  nextDay ? (
                    <span className={classes.nextDay} data-testid="time-entry-next-day">
                      <IconMoon size={14} aria-hidden /> {t('timeEntries.endsNextDay')}
                    </span>
                  ) : undefined
                }
                {...form.getInputProps('endTime')}
                data-testid="time-entry-end"
              />
            </Group>
            {nextDay && values.workDate ? (
              <Text fz="sm" c="dimmed">
                {t('timeEntries.nightCountsOnStart', { date: dayInSentence(values.workDate, i18n.language) })}
              </Text>
            ) : null}
            {nightNotStarted ? (
              // Logged in the morning at the end of the night, on the logger's "today": that night is
              // yesterday's, which one tap says.
              <Alert color="yellow" variant="light" data-testid="time-entry-night-tonight">
                <Stack gap={6} align="flex-start">
                  <Text fz="sm">{t('timeEntries.nightStartsTonight', { time: values.startTime })}</Text>
                  <Button
                    size="sm"
                    variant="white"
                    onClick={() => {
                      setOtherDay(false);
                      form.setFieldValue('workDate', addDays(today, -1));
                    }}
                  >
                    {t('timeEntries.nightStartedYesterday')}
                  </Button>
                </Stack>
              </Alert>
            ) : null}
          </Stack>

          <ThumbChoice
            id="time-entry-break"
            label={t('timeEntries.break')}
            value={String(values.breakMinutes ?? 0)}
            onChange={(minutes) => form.setFieldValue('breakMinutes', Number(minutes))}
            data={breaks.map((minutes) => ({ value: String(minutes), label: String(minutes) }))}
          >
            {form.errors.breakMinutes ? (
              <Text c="red" fz="sm">
                {form.errors.breakMinutes}
              </Text>
            ) : null}
          </ThumbChoice>

          <div className={classes.worked} aria-live="polite" data-testid="time-entry-worked">
            <Text fz="sm">{t('timeEntries.worked')}</Text>
            <Text className={classes.workedValue}>{worked > 0 ? formatHours(worked) : '—'}</Text>
          </div>

          <TextInput
            label={t('timeEntries.parking')}
            description={t('timeEntries.parkingHelp')}
            inputMode="decimal"
            size="md"
            {...form.getInputProps('parking')}
            value={(values.parking as string | undefined) ?? ''}
            data-testid="time-entry-parking"
          />
          <ReceiptPhotos
            entry={entry}
            pending={pendingPhotos}
            onPendingChange={setPendingPhotos}
            disabled={locked}
          />
          <CommentField label={t('timeEntries.comment')} {...form.getInputProps('comment')} />

          {readOnly ? null : (
            <Button type="submit" size="lg" fullWidth loading={save.isPending} data-testid="form-save">
              {t('timeEntries.save')}
            </Button>
          )}
        </Stack>
      </fieldset>
    </FormCard>
  );
}

/** "lundi 16 novembre" / "Monday, November 16": a day within a sentence (French days take no capital). */
function dayInSentence(date: string, language: string) {
  const text = longDate(date, { weekday: 'long', month: 'long', year: undefined });
  return language === 'fr' ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/**
 * A choice among a few big buttons for a thumb (the day, the break), named by the bold label above
 * it; `children` go under it (the date to pick, the error).
 */
function ThumbChoice({
  id,
  label,
  value,
  onChange,
  data,
  children,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  data: { value: string; label: string }[];
  children?: ReactNode;
}) {
  return (
    <Stack gap={6}>
      <Text fw={600} id={id}>
        {label}
      </Text>
      <SegmentedChoice aria-labelledby={id} value={value} onChange={onChange} data={data} />
      {children}
    </Stack>
  );
}

/**
 * The comment, growing with its text. Drawn again only when its text, its error or its label
 * change: where the browser cannot size it by itself, Mantine's autosize measures the text area
 * (a style and layout of the whole page) at every render, and the form renders at each answer and
 * each change while a phone opens it. The form's handlers are the same from one render to the
 * next (they go through the form's refs).
 */
const CommentField = memo(
  function CommentField(props: GrowingTextareaProps) {
    return <GrowingTextarea minRows={2} {...props} />;
  },
  (before, after) =>
    before.value === after.value && before.error === after.error && before.label === after.label,
);
