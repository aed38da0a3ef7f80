import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryState } from '../../../components/QueryState.tsx';
import { applicantQuery } from '../api.ts';
import { ApplicantForm } from '../components/ApplicantForm.tsx';

export default function ApplicantEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery({ ...applicantQuery(id), staleTime: 0 });
  return (
    <Stack gap="md">
      <Title order={1}>
        {t('titles.applicantsEdit')}
        {query.data ? ` — ${query.data.firstName} ${query.data.lastName}` : ''}
      </Title>
      {query.data ? (
        <ApplicantForm key={query.data.id} applicant={query.data} />
      ) : (
        <QueryState query={query} backHref="/applicants" />
      )}
    </Stack>
  );
}
