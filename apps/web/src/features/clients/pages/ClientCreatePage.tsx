import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ClientForm } from '../components/ClientForm.tsx';

/** A new client. */
export default function ClientCreatePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1}>{t('titles.clientsCreate')}</Title>
      <ClientForm />
    </Stack>
  );
}
