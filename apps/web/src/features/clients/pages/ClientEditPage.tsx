import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryState } from '../../../components/QueryState.tsx';
import { clientQuery } from '../api.ts';
import { ClientForm } from '../components/ClientForm.tsx';

/** Edit a client (also where an archived one is made active again). */
export default function ClientEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery({ ...clientQuery(id), staleTime: 0 });
  return (
    <Stack gap="md">
      <Title order={1}>
        {t('titles.clientsEdit')}
        {query.data ? ` — ${query.data.name}` : ''}
      </Title>
      {query.data ? (
        <ClientForm key={query.data.id} client={query.data} />
      ) : (
        <QueryState query={query} backHref="/clients" />
      )}
    </Stack>
  );
}
