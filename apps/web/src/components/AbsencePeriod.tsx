import { useTranslation } from 'react-i18next';
import { formatDate, formatDateRange } from '../lib/format.ts';

/** An absence's days: "23/11/2026 – 27/11/2026", or a blacklist's "05/01/2026 – Sans fin". */
export function AbsencePeriod({ absence }: { absence: { startsOn: string; endsOn: string | null } }) {
  const { t } = useTranslation();
  return (
    <>
      {absence.endsOn
        ? formatDateRange(absence.startsOn, absence.endsOn)
        : `${formatDate(absence.startsOn)} – ${t('absences.forever')}`}
    </>
  );
}
