import type { Language } from '@brigade/shared';
import type { ValidationFieldError } from '@brigade/shared/errors';
import type { z } from 'zod';
import { i18n } from './i18n.ts';

/**
 * The one place where validation problems become translated messages (`validation.*` keys):
 * zod issues of client-side forms (`fieldErrors`, and `useZodForm` in lib/useZodForm.ts) and the
 * field errors of a server VALIDATION_FAILED answer (`serverFieldMessage`, used by
 * `applyServerErrors`). The shared schemas' custom issues carry a code as their message
 * (`invalid_phone`, `invalid_postal_code`, `invalid_email`, `invalid_date`, `control_character`).
 */
const customMessages: Record<string, string> = {
  invalid_phone: 'validation.phone',
  invalid_postal_code: 'validation.postalCode',
  invalid_email: 'validation.email',
  invalid_date: 'validation.date',
  end_before_start: 'validation.endBeforeStart',
  end_time_before_start: 'validation.endTimeBeforeStart',
  same_time: 'validation.sameTime',
  time_skipped: 'validation.timeSkipped',
  supervisor_required: 'validation.supervisorRequired',
  invalid_supervisor: 'validation.invalidSupervisor',
  coordinates_incomplete: 'validation.coordinatesIncomplete',
  required: 'validation.required',
  required_for_sms: 'validation.requiredForSms',
  duplicate: 'validation.duplicate',
  not_found: 'validation.notFound',
  invalid_client: 'validation.invalidClient',
  control_character: 'validation.controlCharacter',
  not_expirable: 'validation.notExpirable',
  too_many_words: 'validation.tooManyWords',
  one_recipient_kind: 'validation.oneRecipientKind',
  invalid_time: 'validation.time',
  quarter_hour: 'validation.quarterHour',
  blacklist_only: 'validation.blacklistOnly',
  blacklist_whole_days: 'validation.blacklistWholeDays',
  not_of_client: 'validation.notOfClient',
  range_too_long: 'validation.rangeTooLong',
  other_year: 'validation.otherYear',
  in_past: 'validation.inPast',
  no_working_day: 'validation.noWorkingDay',
  site_inactive: 'validation.siteInactive',
  invalid_ccq_card: 'validation.ccqCard',
  hire_instead: 'validation.hireInstead',
  future: 'validation.future',
  break_too_long: 'validation.breakTooLong',
  parking_max: 'validation.parkingMax',
  invalid_amount: 'validation.amount',
  unchangeable: 'validation.unchangeable',
};

/** Nothing entered: an empty or blank text, no value at all, or an empty list. */
function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

/**
 * The translated message for a zod issue (client-side form validation), one per kind of problem:
 * a field left empty is "required" whatever rule it then broke (an empty e-mail is not an invalid
 * one), a value too long says the maximum, a value of the wrong form says so…
 * `field.value` is what the field holds (when the caller knows it).
 */
export function issueMessage(issue: z.core.$ZodIssue, field?: { value: unknown }): string {
  // A code the shared schema chose itself wins over the generic reading of the issue.
  const custom = customMessages[issue.message];
  if (custom) return i18n.t(custom);
  if (field && issue.code !== 'too_big' && isBlank(field.value)) return i18n.t('validation.required');
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return i18n.t('validation.minValue', { min: Number(issue.minimum) });
      }
      if (issue.origin === 'array' || issue.origin === 'set') return i18n.t('validation.required');
      return Number(issue.minimum) <= 1 && issue.origin === 'string'
        ? i18n.t('validation.required')
        : i18n.t('validation.minLength', { count: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return i18n.t('validation.maxValue', { max: Number(issue.maximum) });
      }
      return i18n.t('validation.maxLength', { count: Number(issue.maximum) });
    case 'invalid_format':
      return issue.format === 'email' ? i18n.t('validation.email') : i18n.t('validation.invalid');
    case 'invalid_type':
      // Nothing entered (undefined, null, '' coerced…) reads as "required"; NaN as "not a number".
      if (issue.expected === 'number' && issue.input !== undefined && issue.input !== null) {
        return i18n.t('validation.number');
      }
      return i18n.t('validation.required');
    case 'invalid_value':
      return i18n.t('validation.choose');
    case 'custom':
      return i18n.t('validation.invalid');
    default:
      return i18n.t('validation.invalid');
  }
}

/** The value at an issue's path ("skills", 0, "expiresOn") of what was validated. */
export function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  let value = values;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * First error per field, keyed by the issue path ("email", "password"…). With the values that were
 * validated, an empty field reads "required" rather than the rule it broke.
 */
export function fieldErrors(error: z.ZodError, values?: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    const field = values === undefined ? undefined : { value: valueAt(values, issue.path) };
    if (!(key in errors)) errors[key] = issueMessage(issue, field);
  }
  return errors;
}

/** The translated message for one field of a server VALIDATION_FAILED answer. */
export function serverFieldMessage(field: ValidationFieldError): string {
  const custom = customMessages[field.message];
  if (custom) return i18n.t(custom);
  const numeric = field.origin === 'number' || field.origin === 'int';
  if (field.code === 'too_big' && field.maximum !== undefined) {
    return numeric
      ? i18n.t('validation.maxValue', { max: field.maximum })
      : i18n.t('validation.maxLength', { count: field.maximum });
  }
  if (field.code === 'too_small' && field.minimum !== undefined) {
    if (numeric) return i18n.t('validation.minValue', { min: field.minimum });
    return field.minimum <= 1
      ? i18n.t('validation.required')
      : i18n.t('validation.minLength', { count: field.minimum });
  }
  if (field.code === 'invalid_format' && /mail/i.test(field.message)) return i18n.t('validation.email');
  if (field.code === 'invalid_type') return i18n.t('validation.required');
  if (field.code === 'invalid_value') return i18n.t('validation.choose');
  return i18n.t('validation.invalid');
}

/** Translation key of the message shown beside a field a 409 NAME_NOT_UNIQUE answer names. */
export function notUniqueMessageKey(field: string): string {
  const last = field.split('.').at(-1) ?? field;
  if (/email/i.test(last)) return 'form.emailNotUnique';
  if (last === 'employeeNumber') return 'form.employeeNumberNotUnique';
  if (/name(Fr|En)?$/i.test(last)) return 'form.nameNotUnique';
  return 'form.valueNotUnique';
}

/** The name and contact fields of a person's record (an employee, an applicant, a supervisor). */
interface Person {
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
  language: Language;
}

/**
 * What a person's form starts with for their name and how to reach them: the record's, or blank
 * and in French (the office's usual language) for a new one.
 *
 *   useZodForm(schema, { ...personFormValues(applicant), city: applicant?.city ?? '', … })
 */
export function personFormValues(person?: Person) {
  return {
    firstName: person?.firstName ?? '',
    lastName: person?.lastName ?? '',
    phone: person?.phone ?? '',
    email: person?.email ?? '',
    language: person?.language ?? ('fr' as Language),
  };
}
