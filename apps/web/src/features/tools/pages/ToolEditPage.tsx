import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryState } from '../../../components/QueryState.tsx';
import { toolQuery } from '../api.ts';
import { localName } from '../components/CatalogName.tsx';
import { ToolForm } from '../components/ToolForm.tsx';

/** Edit a tool (also where an archived one is made active again). */
export default function ToolEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery({ ...toolQuery(id), staleTime: 0 });
  return (
    <Stack gap="md">
      <Title order={1}>
        {t('titles.toolsEdit')}
        {query.data ? ` — ${localName(query.data)}` : ''}
      </Title>
      {query.data ? (
        <ToolForm key={query.data.id} tool={query.data} />
      ) : (
        <QueryState error={query.error} backHref="/tools" />
      )}
    </Stack>
  );
}
