import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryState } from '../../../components/QueryState.tsx';
import { localName } from '../../../lib/i18n.ts';
import { skillQuery } from '../api.ts';
import { SkillForm } from '../components/SkillForm.tsx';

/** Edit a skill (also where an archived one is made active again). */
export default function SkillEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery({ ...skillQuery(id), staleTime: 0 });
  return (
    <Stack gap="md">
      <Title order={1}>
        {t('titles.skillsEdit')}
        {query.data ? ` — ${localName(query.data)}` : ''}
      </Title>
      {query.data ? (
        <SkillForm key={query.data.id} skill={query.data} />
      ) : (
        <QueryState query={query} backHref="/skills" />
      )}
    </Stack>
  );
}
