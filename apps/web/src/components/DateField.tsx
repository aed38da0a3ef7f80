import '@mantine/dates/styles.layer.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../lib/format.ts';
import { currentLanguage } from '../lib/i18n.ts';

export interface DateFieldProps extends Omit<DateInputProps, 'value' | 'onChange' | 'defaultValue'> {
  /** 'YYYY-MM-DD' (as the API speaks), '' or null for none. */
  value?: string | null;
  onChange?: (value: string | null) => void;
}

/** "25/12/2024", "25-12-2024", "2024-12-25" → "2024-12-25"; null when not a real date. */
export function parseDate(input: string): string | null {
  const text = input.trim();
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const [year, month, day] = dmy ? [dmy[3], dmy[2], dmy[1]] : ymd ? [ymd[1], ymd[2], ymd[3]] : [];
  if (!year || !month || !day) return null;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

/**
 * A calendar date: typed as JJ/MM/AAAA or picked in the calendar (Sunday first), shown DD/MM/YYYY, and held as
 * the API's 'YYYY-MM-DD' string (null when empty).
 *
 *   <DateField label={t('orders.startDate')} withAsterisk {...form.getInputProps('startDate')} />
 */
export function DateField({ value, onChange, ...props }: DateFieldProps) {
  const { t } = useTranslation();
  // A real date typed is taken even outside the calendar's range (a past start): the form's rule
  // then says what is wrong with it ("La date doit être aujourd'hui ou plus tard"), where the
  // calendar alone would drop it and leave "Date invalide".
  const takeTyped = (text: string) => {
    const typed = parseDate(text);
    if (typed && typed !== value) onChange?.(typed);
  };
  return (
    <DateInput
      valueFormat={dateFormat}
      dateParser={parseDate}
      locale={currentLanguage()}
      // Weeks are pay weeks, Sunday to Saturday, in every calendar of the product.
      firstDayOfWeek={0}
      placeholder={t('form.datePlaceholder')}
      clearable
      clearButtonProps={{ 'aria-label': t('form.calendar.clear') }}
      ariaLabels={{
        monthLevelControl: t('form.calendar.monthLevelControl'),
        yearLevelControl: t('form.calendar.yearLevelControl'),
        nextMonth: t('form.calendar.nextMonth'),
        previousMonth: t('form.calendar.previousMonth'),
        nextYear: t('form.calendar.nextYear'),
        previousYear: t('form.calendar.previousYear'),
        nextDecade: t('form.calendar.nextDecade'),
        previousDecade: t('form.calendar.previousDecade'),
      }}
      {...props}
      value={value || null}
      onChange={(next) => onChange?.(next || null)}
      onKeyDown={(event) => {
        // Enter confirms the date typed, as in the calendar; it does not send the form (a date
        // typed then Enter saved an order before the date was even taken).
        if (event.key === 'Enter') {
          event.preventDefault();
          takeTyped(event.currentTarget.value);
        }
        props.onKeyDown?.(event);
      }}
      onBlur={(event) => {
        takeTyped(event.currentTarget.value);
        props.onBlur?.(event);
      }}
    />
  );
}
