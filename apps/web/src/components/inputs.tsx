import { provinces } from '@brigade/shared/enums';
import { formatPhone } from '@brigade/shared/format';
import { Select, type SelectProps, TextInput, type TextInputProps } from '@mantine/core';
import { type FocusEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Form inputs for the fields every master-data form has. Each takes the usual input props plus
 * `form.getInputProps(path)`; labels default to the translated field name.
 *
 *   <PhoneInput {...form.getInputProps('phone')} />
 *   <PostalCodeInput {...form.getInputProps('address.postalCode')} />
 *   <ProvinceSelect {...form.getInputProps('address.province')} />   // initial value 'QC'
 *   <LanguageSelect {...form.getInputProps('language')} />
 */
type StringInputProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value?: string | null;
  onChange?: (value: string) => void;
};

/**
 * A phone number as the person types it ("514 555 1234", "5145551234", "+1-514…"), shown as
 * 514 555-1234 once the field is left — and already so when the form opens with a stored number
 * (+15145551234), so that focusing the field (Tab selects its text) changes nothing on screen and
 * what is typed replaces or edits that same text. The server stores it in E.164.
 */
export function PhoneInput({ value, onChange, onBlur, label, ...props }: StringInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => formatPhone(value ?? ''));
  // The value last typed here: another value comes from outside (the form was reset) and is shown.
  const typed = useRef(value ?? '');
  useEffect(() => {
    if ((value ?? '') !== typed.current) {
      typed.current = value ?? '';
      setText(formatPhone(value ?? ''));
    }
  }, [value]);
  return (
    <TextInput
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      label={label ?? t('form.phone')}
      placeholder={t('form.phonePlaceholder')}
      {...props}
      value={text}
      onChange={(event) => {
        typed.current = event.currentTarget.value;
        setText(typed.current);
        onChange?.(typed.current);
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        setText(formatPhone(event.currentTarget.value));
        onBlur?.(event);
      }}
    />
  );
}

/** "h2x1y4" → "H2X 1Y4" once six letters and digits are typed. */
export function formatPostalCode(value: string): string {
  const upper = value.toUpperCase();
  const compact = upper.replace(/[\s-]/g, '');
  return /^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(compact) ? `${compact.slice(0, 3)} ${compact.slice(3)}` : upper;
}

/** A Canadian postal code: upper-cased as typed, formatted A1A 1A1. */
export function PostalCodeInput({ value, onChange, label, ...props }: StringInputProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      autoComplete="postal-code"
      label={label ?? t('form.postalCode')}
      placeholder={t('form.postalCodePlaceholder')}
      {...props}
      value={value ?? ''}
      onChange={(event) => onChange?.(formatPostalCode(event.currentTarget.value))}
      styles={{ input: { textTransform: 'uppercase' } }}
    />
  );
}

type ChoiceProps = Omit<SelectProps, 'data'>;

/** The 13 provinces and territories (spec §3) with their translated names; use 'QC' as the initial value. */
export function ProvinceSelect({ label, ...props }: ChoiceProps) {
  const { t } = useTranslation();
  return (
    <Select
      label={label ?? t('form.province')}
      data={provinces.map((code) => ({ value: code, label: t(`provinces.${code}`) }))}
      allowDeselect={false}
      searchable
      {...props}
    />
  );
}

/** Français / English (the person's language for SMS, e-mails and the app). */
export function LanguageSelect({ label, ...props }: ChoiceProps) {
  const { t } = useTranslation();
  return (
    <Select
      label={label ?? t('form.language')}
      data={(['fr', 'en'] as const).map((code) => ({ value: code, label: t(`languages.${code}`) }))}
      allowDeselect={false}
      {...props}
    />
  );
}
