import { Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DangerButton } from '../../../components/DangerButton.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { confirmAction } from '../../../lib/confirm.tsx';
import { formatDateRange } from '../../../lib/format.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { absenceQuery, deleteAbsence } from '../api.ts';
import { AbsenceForm } from '../components/AbsenceForm.tsx';

/** Edit an absence, or delete it (after a confirmation; the audit log keeps it). */
export default function AbsenceEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const query = useQuery({ ...absenceQuery(id), staleTime: 0 });
  const remove = useApiMutation({
    ...deleteAbsence(id),
    successKey: 'absences.deleted',
    onSuccess: () => navigate('/absences', { replace: true }),
  });
  const absence = query.data;
  const onDelete = async () => {
    if (!absence) return;
    const ok = await confirmAction({
      title: t('absences.deleteTitle'),
      message: t('absences.deleteMessage', {
        name: `${absence.employee.firstName} ${absence.employee.lastName}`,
        type: t(`absences.types.${absence.type}`),
        period: formatDateRange(absence.startsOn, absence.endsOn),
      }),
      confirmLabel: t('common.delete'),
      danger: true,
    });
    if (ok) remove.mutate();
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>
          {t('titles.absencesEdit')}
          {absence ? ` — ${absence.employee.firstName} ${absence.employee.lastName}` : ''}
        </Title>
        {absence ? (
          <DangerButton onClick={onDelete} loading={remove.isPending} data-testid="absence-delete">
            {t('common.delete')}
          </DangerButton>
        ) : null}
      </Group>
      {absence ? (
        <AbsenceForm key={absence.id} absence={absence} />
      ) : (
        <QueryState query={query} backHref="/absences" />
      )}
    </Stack>
  );
}
