import { Alert, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessage } from '../../../lib/errors.ts';
import { supervisorDetailOptions } from '../api.ts';
import { SupervisorForm } from '../components/SupervisorForm.tsx';

/** Edit a supervisor (the form is filled once the record has loaded). */
export default function SupervisorEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery({ ...supervisorDetailOptions(id), meta: { silent: true } });
  return (
    <Stack gap="md" maw={900}>
      <Title order={1}>{t('titles.supervisorsEdit')}</Title>
      {query.isPending ? <Loader aria-label={t('common.loading')} /> : null}
      {query.isError ? <Alert color="red">{errorMessage(query.error)}</Alert> : null}
      {query.data ? <SupervisorForm key={query.data.id} supervisor={query.data} /> : null}
    </Stack>
  );
}
