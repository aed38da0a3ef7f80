import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PrivacyIncidentForm } from '../components/PrivacyIncidentForm.tsx';

/** A new entry of the register of confidentiality incidents. */
export default function PrivacyIncidentCreatePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1}>{t('titles.privacyIncidentsCreate')}</Title>
      <PrivacyIncidentForm />
    </Stack>
  );
}
