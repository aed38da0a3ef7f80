import type { HolidayYear } from '@brigade/shared/holiday-schemas';
import { holidayNames } from '@brigade/shared/holidays';
import {
  ActionIcon,
  Button,
  Group,
  Menu,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconDots, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DateField } from '../../../components/DateField.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { PeriodStepper } from '../../../components/PeriodStepper.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { SoftBadge } from '../../../components/SoftBadge.tsx';
import { isApiError } from '../../../lib/api.ts';
import { companyToday, longDate } from '../../../lib/calendar.ts';
import { confirmAction } from '../../../lib/confirm.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { formatDate, formatDateRange } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { toast } from '../../../lib/toast.tsx';
import { createOverride, deleteOverride, holidaysQuery } from '../api.ts';

type Calendar = 'construction' | 'quebec';
type Holiday = HolidayYear['construction'][number];

/**
 * Any year's holidays and vacations, computed (Easter, the Mondays, the agreements' long weekends),
 * with what the office changed: a holiday moved (an agreement that moves Canada Day to a Monday),
 * removed, or a company day added. Only the changes are stored.
 */
export default function HolidaysPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const year = Number(params.get('year')) || Number(companyToday().slice(0, 4));
  const setYear = (next: number) => navigate({ search: `?year=${next}` }, { replace: true });
  const query = useQuery(holidaysQuery(year));
  const [adding, setAdding] = useState(false);
  const [moving, setMoving] = useState<{ calendar: Calendar; holiday: Holiday } | null>(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{t('titles.holidays')}</Title>
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setAdding(true)}
          data-testid="holiday-add"
        >
          {t('holidays.add')}
        </Button>
      </Group>
      <PeriodStepper
        previous={{ label: t('holidays.previousYear'), onClick: () => setYear(year - 1) }}
        next={{ label: t('holidays.nextYear'), onClick: () => setYear(year + 1) }}
      >
        <Text fw={700} size="lg" w={64} ta="center" aria-live="polite" data-testid="holidays-year">
          {year}
        </Text>
      </PeriodStepper>

      {query.data ? (
        <>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <CalendarCard
              calendar="construction"
              title={t('holidays.construction')}
              help={t('holidays.constructionHelp')}
              year={query.data}
              onMove={(holiday) => setMoving({ calendar: 'construction', holiday })}
            />
            <CalendarCard
              calendar="quebec"
              title={t('holidays.quebec')}
              help={t('holidays.quebecHelp')}
              year={query.data}
              onMove={(holiday) => setMoving({ calendar: 'quebec', holiday })}
            />
          </SimpleGrid>
          <Vacations year={query.data} />
        </>
      ) : (
        <Skeleton h={420} radius="sm" />
      )}

      <AddDayModal opened={adding} year={year} onClose={() => setAdding(false)} />
      <MoveModal target={moving} year={year} onClose={() => setMoving(null)} />
    </Stack>
  );
}

const localName = (holiday: { nameFr: string; nameEn: string }) =>
  currentLanguage() === 'fr' ? holiday.nameFr : holiday.nameEn;

function CalendarCard({
  calendar,
  title,
  help,
  year,
  onMove,
}: {
  calendar: Calendar;
  title: string;
  help: string;
  year: HolidayYear;
  onMove: (holiday: Holiday) => void;
}) {
  const { t } = useTranslation();
  const remove = useApiMutation({ ...createOverride, successKey: 'holidays.saved' });
  const restore = useApiMutation({ ...deleteOverride, successKey: 'holidays.saved' });
  const removed = year.overrides.filter((o) => o.calendar === calendar && o.kind === 'remove');

  const onRemove = async (holiday: Holiday) => {
    const name = localName(holiday);
    if (holiday.source === 'added' && holiday.overrideId) {
      if (
        await confirmAction({
          title: t('holidays.deleteAddedTitle', { name }),
          confirmLabel: t('holidays.deleteAdded'),
          danger: true,
        })
      )
        restore.mutate(holiday.overrideId);
      return;
    }
    const ok = await confirmAction({
      title: t('holidays.removeTitle', { name, year: year.year }),
      message: t('holidays.removeMessage', { year: year.year }),
      confirmLabel: t('holidays.remove'),
      danger: true,
    });
    if (ok && holiday.key)
      remove.mutate({ kind: 'remove', calendar, year: year.year, holidayKey: holiday.key });
  };
  const onRestore = async (overrideId: string, name: string) => {
    if (
      await confirmAction({
        title: t('holidays.restoreTitle'),
        message: t('holidays.restoreMessage', { name }),
        confirmLabel: t('holidays.restore'),
      })
    )
      restore.mutate(overrideId);
  };

  return (
    <SectionCard headingId={`calendar-${calendar}`} data-testid={`holidays-${calendar}`}>
      <Title order={2} size="h4" id={`calendar-${calendar}`}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {help}
      </Text>
      <Table verticalSpacing={6} aria-labelledby={`calendar-${calendar}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('holidays.holiday')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {year[calendar].map((holiday) => {
            const name = localName(holiday);
            return (
              <Table.Tr key={`${holiday.key ?? holiday.overrideId}`} data-holiday={holiday.key ?? 'added'}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {longDate(holiday.date, { year: undefined })}
                  </Text>
                  <Text size="sm">{name}</Text>
                  {holiday.source !== 'computed' ? (
                    <Group gap={4}>
                      <SoftBadge color={holiday.source === 'moved' ? 'orange' : 'blue'} size="xs">
                        {t(`holidays.sources.${holiday.source}`)}
                      </SoftBadge>
                      {holiday.source === 'moved' && holiday.computedDate ? (
                        <Text size="xs" c="dimmed">
                          {t('holidays.movedFrom', { date: formatDate(holiday.computedDate) })}
                        </Text>
                      ) : null}
                    </Group>
                  ) : null}
                </Table.Td>
                <Table.Td w={44}>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('holidays.actionsFor', { name })}
                        data-testid={`holiday-actions-${calendar}-${holiday.key ?? 'added'}`}
                      >
                        <IconDots size={18} aria-hidden />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {holiday.key ? (
                        <Menu.Item onClick={() => onMove(holiday)}>{t('holidays.move')}</Menu.Item>
                      ) : null}
                      {holiday.source === 'moved' && holiday.overrideId ? (
                        <Menu.Item onClick={() => onRestore(holiday.overrideId as string, name)}>
                          {t('holidays.restore')}
                        </Menu.Item>
                      ) : null}
                      {holiday.source !== 'moved' ? (
                        <Menu.Item color="red.9" onClick={() => onRemove(holiday)}>
                          {holiday.source === 'added' ? t('holidays.deleteAdded') : t('holidays.remove')}
                        </Menu.Item>
                      ) : null}
                    </Menu.Dropdown>
                  </Menu>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {removed.length ? (
        <Stack gap={4} mt="sm">
          <Text size="sm" fw={700}>
            {t('holidays.removed')}
          </Text>
          {removed.map((override) => {
            const names = holidayNames[override.holidayKey as keyof typeof holidayNames];
            const name = names
              ? localName({ nameFr: names.fr, nameEn: names.en })
              : (override.holidayKey ?? '');
            return (
              <Group key={override.id} gap="sm">
                <Text size="sm" td="line-through" c="dimmed">
                  {name}
                </Text>
                <Button size="compact-sm" variant="subtle" onClick={() => onRestore(override.id, name)}>
                  {t('holidays.restore')}
                </Button>
              </Group>
            );
          })}
        </Stack>
      ) : null}
    </SectionCard>
  );
}

function Vacations({ year }: { year: HolidayYear }) {
  const { t } = useTranslation();
  const rows = [
    { label: t('holidays.constructionVacations'), periods: year.constructionVacations },
    { label: t('holidays.companyVacations'), periods: year.companyVacations },
  ];
  return (
    <SectionCard headingId="vacations" data-testid="vacations">
      <Title order={2} size="h4" id="vacations" mb="sm">
        {t('holidays.vacations')}
      </Title>
      <Table verticalSpacing={6} aria-labelledby="vacations">
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th>{t('holidays.summer')}</Table.Th>
            <Table.Th>{t('holidays.winter')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th scope="row" fw={600}>
                {row.label}
              </Table.Th>
              {row.periods.map((period) => (
                <Table.Td key={period.start} style={{ whiteSpace: 'nowrap' }}>
                  {formatDateRange(period.start, period.end)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </SectionCard>
  );
}

/** Annuler and Enregistrer (the submit) at the bottom of the dialogs' forms. */
function ModalButtons({
  onCancel,
  saving,
  saveTestId,
}: {
  onCancel: () => void;
  saving: boolean;
  saveTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mt="md">
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={saving} data-testid={saveTestId}>
        {t('common.save')}
      </Button>
    </Group>
  );
}

/** The override's refusals the dialog explains (the others go to the usual toast). */
function overrideError(error: unknown, t: (key: string) => string): string | null {
  if (!isApiError(error)) return null;
  if (error.code === 'CONFLICT') return t('holidays.alreadyChanged');
  if (error.details?.fields?.some((field) => field.message === 'other_year')) return t('holidays.otherYear');
  return null;
}

function MoveModal({
  target,
  year,
  onClose,
}: {
  target: { calendar: Calendar; holiday: Holiday } | null;
  year: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [date, setDate] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useApiMutation({
    ...createOverride,
    successKey: 'holidays.saved',
    meta: { silent: true },
    onSuccess: () => close(),
    onError: (failure) => setError(overrideError(failure, t) ?? errorMessage(failure)),
  });
  const close = () => {
    setDate(null);
    setError(null);
    onClose();
  };
  const name = target ? localName(target.holiday) : '';
  return (
    <Dialog opened={Boolean(target)} onClose={close} title={t('holidays.moveTitle', { name })}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!target?.holiday.key || !date) return setError(t('validation.required'));
          save.mutate({
            kind: 'move',
            calendar: target.calendar,
            year,
            holidayKey: target.holiday.key,
            date,
          });
        }}
        noValidate
      >
        <DateField
          label={t('holidays.newDate')}
          withAsterisk
          value={date}
          onChange={(value) => {
            setDate(value);
            setError(null);
          }}
          minDate={`${year}-01-01`}
          maxDate={`${year}-12-31`}
          defaultDate={target?.holiday.date}
          error={error}
          data-autofocus
          data-testid="holiday-new-date"
        />
        <ModalButtons onCancel={close} saving={save.isPending} saveTestId="holiday-move-save" />
      </form>
    </Dialog>
  );
}

function AddDayModal({ opened, year, onClose }: { opened: boolean; year: number; onClose: () => void }) {
  const { t } = useTranslation();
  const empty = { calendar: 'construction' as Calendar, date: null as string | null, nameFr: '', nameEn: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useApiMutation({
    ...createOverride,
    successKey: 'holidays.saved',
    meta: { silent: true },
    onSuccess: () => close(),
    onError: (failure) => {
      const message = overrideError(failure, t);
      if (message) setErrors({ date: message });
      else toast.error(errorMessage(failure));
    },
  });
  const close = () => {
    setValues(empty);
    setErrors({});
    onClose();
  };
  const submit = () => {
    const missing: Record<string, string> = {};
    if (!values.date) missing.date = t('validation.required');
    if (!values.nameFr.trim()) missing.nameFr = t('validation.required');
    if (!values.nameEn.trim()) missing.nameEn = t('validation.required');
    setErrors(missing);
    if (Object.keys(missing).length || !values.date) return;
    save.mutate({
      kind: 'add',
      calendar: values.calendar,
      date: values.date,
      nameFr: values.nameFr,
      nameEn: values.nameEn,
    });
  };
  return (
    <Dialog opened={opened} onClose={close} title={t('holidays.addTitle')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Select
            label={t('holidays.calendarField')}
            data={[
              { value: 'construction', label: t('holidays.construction') },
              { value: 'quebec', label: t('holidays.quebec') },
            ]}
            allowDeselect={false}
            value={values.calendar}
            onChange={(calendar) =>
              setValues({ ...values, calendar: (calendar ?? 'construction') as Calendar })
            }
          />
          <DateField
            label={t('holidays.date')}
            withAsterisk
            value={values.date}
            defaultDate={`${year}-01-01`}
            onChange={(date) => setValues({ ...values, date })}
            error={errors.date}
            data-testid="holiday-add-date"
          />
          {(['fr', 'en'] as const).map((language) => {
            const field = language === 'fr' ? 'nameFr' : 'nameEn';
            return (
              <TextInput
                key={field}
                label={t(`holidays.${field}`)}
                withAsterisk
                value={values[field]}
                maxLength={100}
                onChange={(event) => setValues({ ...values, [field]: event.currentTarget.value })}
                error={errors[field]}
                data-testid={`holiday-add-name-${language}`}
              />
            );
          })}
        </Stack>
        <ModalButtons onCancel={close} saving={save.isPending} saveTestId="holiday-add-save" />
      </form>
    </Dialog>
  );
}
