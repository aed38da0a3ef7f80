import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ToolForm } from '../components/ToolForm.tsx';

/** New tool. */
export default function ToolCreatePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1}>{t('titles.toolsCreate')}</Title>
      <ToolForm />
    </Stack>
  );
}
