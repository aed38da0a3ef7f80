import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryState } from '../../../components/QueryState.tsx';
import { supervisorDetailOptions } from '../api.ts';
import { SupervisorForm } from '../components/SupervisorForm.tsx';

/** Edit a supervisor (the form is filled once the record has loaded). */
export default function SupervisorEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery({ ...supervisorDetailOptions(id), staleTime: 0 });
  return (
    <Stack gap="md" maw={900}>
      <Title order={1}>
        {t('titles.supervisorsEdit')}
        {query.data ? ` — ${query.data.firstName} ${query.data.lastName}` : ''}
      </Title>
      {query.data ? (
        <SupervisorForm key={query.data.id} supervisor={query.data} />
      ) : (
        <QueryState query={query} backHref="/supervisor" />
      )}
    </Stack>
  );
}
