import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmployeeForm } from '../components/EmployeeForm.tsx';

/** New employee (invited by SMS by default). */
export default function EmployeeCreatePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1}>{t('titles.employeesCreate')}</Title>
      <EmployeeForm />
    </Stack>
  );
}
