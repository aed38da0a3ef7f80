import { Box, Button, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField.tsx';
import { Dialog, DialogActions } from '../../../components/Dialog.tsx';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { toast } from '../../../lib/toast.tsx';
import { createOverride } from '../api.ts';

import { type Calendar, type Holiday, localName } from './holidayNames.ts';

/** The override's refusals the dialog explains (the others go to the usual toast). */
function overrideError(error: unknown, t: (key: string) => string): string | null {
  if (!isApiError(error)) return null;
  if (error.code === 'CONFLICT') return t('holidays.alreadyChanged');
  if (error.details?.fields?.some((field) => field.message === 'other_year')) return t('holidays.otherYear');
  return null;
}

/** Moves a computed holiday to another day of its year. */
export function MoveHolidayDialog({
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
        <Box mt="md">
          <DialogActions onCancel={close}>
            <Button type="submit" loading={save.isPending} data-testid="holiday-move-save">
              {t('common.save')}
            </Button>
          </DialogActions>
        </Box>
      </form>
    </Dialog>
  );
}

/** Adds a company day off to one calendar. */
export function AddHolidayDialog({
  opened,
  year,
  onClose,
}: {
  opened: boolean;
  year: number;
  onClose: () => void;
}) {
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
        <Box mt="md">
          <DialogActions onCancel={close}>
            <Button type="submit" loading={save.isPending} data-testid="holiday-add-save">
              {t('common.save')}
            </Button>
          </DialogActions>
        </Box>
      </form>
    </Dialog>
  );
}
