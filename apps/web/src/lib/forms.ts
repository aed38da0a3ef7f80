import type { z } from 'zod';
import { i18n } from './i18n.ts';

/** The translated message for a zod issue (client-side form validation). */
function issueMessage(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_small':
      return Number(issue.minimum) <= 1 && issue.origin === 'string'
        ? i18n.t('validation.required')
        : i18n.t('validation.minLength', { count: Number(issue.minimum) });
    case 'too_big':
      return i18n.t('validation.maxLength', { count: Number(issue.maximum) });
    case 'invalid_format':
      return issue.format === 'email' ? i18n.t('validation.email') : i18n.t('validation.invalid');
    case 'custom':
      return issue.message === 'invalid_phone' ? i18n.t('validation.phone') : i18n.t('validation.invalid');
    default:
      return i18n.t('validation.invalid');
  }
}

/** First error per field, keyed by the issue path ("email", "password"…). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    if (!(key in errors)) errors[key] = issueMessage(issue);
  }
  return errors;
}
