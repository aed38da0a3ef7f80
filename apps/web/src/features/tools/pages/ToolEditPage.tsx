import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryState } from '../../../components/QueryState.tsx';
import { localName } from '../../../lib/i18n.ts';
import { toolQuery } from '../api.ts';
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
        <QueryState query={query} backHref="/tools" />
      )}
    </Stack>
  );
}
