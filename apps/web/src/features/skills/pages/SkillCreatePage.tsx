import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SkillForm } from '../components/SkillForm.tsx';

/** New skill. */
export default function SkillCreatePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1}>{t('titles.skillsCreate')}</Title>
      <SkillForm />
    </Stack>
  );
}
