import { provinces } from '@brigade/shared/address';
import { Select, type SelectProps, TextInput, type TextInputProps } from '@mantine/core';
import { type FocusEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Form inputs for the fields every master-data form has. Each takes the usual input props plus
 * `form.getInputProps(path)`; labels default to the translated field name.
 *
 *   <PhoneInput {...form.getInputProps('phone')} key={form.key('phone')} />
 *   <PostalCodeInput {...form.getInputProps('address.postalCode')} />
 *   <ProvinceSelect {...form.getInputProps('address.province')} />   // initial value 'QC'
 *   <LanguageSelect {...form.getInputProps('language')} />
 */
type StringInputProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value?: string | null;
  onChange?: (value: string) => void;
};

/** "+1 (514) 555-1234" for a North-American number typed any usual way; anything else unchanged. */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10 || /[a-z]/i.test(value)) return value;
  return `+1 (${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

/**
 * A phone number: accepts what people type ("514 555 1234", "5145551234", "+1-514…") and shows it
 * as +1 (514) 555-1234 when the field is left. The value stays what was typed (the server
 * normalizes it to E.164).
 */
export function PhoneInput({ value, onChange, onFocus, onBlur, label, ...props }: StringInputProps) {
  const { t } = useTranslation();
  const [focused, setFocused] = useState(false);
  const text = value ?? '';
  return (
    <TextInput
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      label={label ?? t('form.phone')}
      placeholder={t('form.phonePlaceholder')}
      {...props}
      value={focused ? text : formatPhone(text)}
      onChange={(event) => onChange?.(event.currentTarget.value)}
      onFocus={(event: FocusEvent<HTMLInputElement>) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        setFocused(false);
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
      maxLength={7}
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
