import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApplicantForm } from '../components/ApplicantForm.tsx';

/** New applicant (status Nouveau). */
export default function ApplicantCreatePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1}>{t('titles.applicantsCreate')}</Title>
      <ApplicantForm />
    </Stack>
  );
}
