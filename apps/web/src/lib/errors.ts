import { ErrorCode } from '@brigade/shared/errors';
import { shiftTimes } from '@brigade/shared/shift-times';
import { ApiError, offlineCode } from './api.ts';
import { getSession } from './auth.ts';
import { i18n } from './i18n.ts';

function statusMessage(status: number): string {
  const known = [400, 401, 409, 500];
  return i18n.t(`errors.status.${known.includes(status) ? status : 'other'}`);
}

/** yyyy-MM-dd → dd/MM/yyyy (spec §9), without the date library the sign-in page does without. */
function dayMonthYear(iso: string | undefined): string {
  return iso ? iso.split('-').reverse().join('/') : '';
}

/** Spec §8: the translated message for an error, by server code first, then by HTTP status. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === offlineCode) return i18n.t('errors.offline');
    if (error.code === ErrorCode.EMAIL_CANT_SEND_NOT_SUPERVISOR) {
      const emails = error.details?.emails;
      return i18n.t('errors.EMAIL_CANT_SEND_NOT_SUPERVISOR', {
        emails: Array.isArray(emails) ? emails.join(', ') : '',
      });
    }
    // A worker only logs their own hours: the message speaks to them.
    if (error.code === ErrorCode.EMPLOYEE_ABSENT && getSession()?.user.role === 'employee') {
      return i18n.t('errors.EMPLOYEE_ABSENT_SELF');
    }
    if (error.code === ErrorCode.ABSENCE_OVERLAP) {
      const absence = error.details?.absence as
        | { type?: string; startsOn?: string; endsOn?: string }
        | undefined;
      if (absence?.type) {
        return i18n.t('errors.ABSENCE_OVERLAP', {
          type: i18n.t(`absences.types.${absence.type}`),
          startsOn: dayMonthYear(absence.startsOn),
          endsOn: dayMonthYear(absence.endsOn),
        });
      }
      return i18n.t('errors.ABSENCE_OVERLAP_SOME');
    }
    if (error.code === ErrorCode.TIME_ENTRY_OVERLAP) {
      // The entry in the way may be of the day before or after (a night shift): its day is named.
      const entry = error.details?.entry as
        | {
            workDate?: string;
            startTime?: string;
            endTime?: string;
            endsNextDay?: boolean;
            siteName?: string;
          }
        | undefined;
      return entry?.startTime && entry.endTime
        ? i18n.t('errors.TIME_ENTRY_OVERLAP', {
            date: dayMonthYear(entry.workDate),
            times: shiftTimes({
              startTime: entry.startTime,
              endTime: entry.endTime,
              endsNextDay: entry.endsNextDay,
            }),
            siteName: entry.siteName,
          })
        : i18n.t('errors.TIME_ENTRY_OVERLAP_SOME');
    }
    if (error.code === ErrorCode.ASSIGNATION_EXCLUDED) {
      const { name, exclusion } = (error.details ?? {}) as {
        name?: string;
        exclusion?: {
          code?: string;
          date?: string;
          heightMetres?: number;
          absenceType?: string;
          expiresOn?: string;
        };
      };
      if (name && exclusion?.code && i18n.exists(`matching.exclusions.${exclusion.code}`)) {
        const reason = i18n.t(`matching.exclusions.${exclusion.code}`, {
          date: dayMonthYear(exclusion.date ?? exclusion.expiresOn),
          height: exclusion.heightMetres,
          type: exclusion.absenceType ? i18n.t(`absences.types.${exclusion.absenceType}`) : '',
          skill: i18n.t('matching.exclusions.aSkill'),
        });
        return i18n.t('errors.ASSIGNATION_EXCLUDED', { name, reason });
      }
      return i18n.t('errors.ASSIGNATION_EXCLUDED_SOME');
    }
    if (error.code && /^[A-Z0-9_]+$/.test(error.code)) {
      const key = `errors.${error.code}`;
      // The details fill in what the message names (ORDER_FULL: {{workersNeeded}}).
      return i18n.exists(key)
        ? i18n.t(key, { ...(error.details as Record<string, unknown> | undefined) })
        : i18n.t('errors.specific', { code: error.code });
    }
    return statusMessage(error.status);
  }
  if (error instanceof TypeError || (typeof navigator !== 'undefined' && navigator.onLine === false)) {
    return i18n.t('errors.offline');
  }
  return i18n.t('errors.status.other');
}

export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}
