import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SupervisorForm } from '../components/SupervisorForm.tsx';

/** New supervisor: the form, with the invitation channel (e-mail by default). */
export default function SupervisorCreatePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={900}>
      <Title order={1}>{t('titles.supervisorsCreate')}</Title>
      <SupervisorForm />
    </Stack>
  );
}
