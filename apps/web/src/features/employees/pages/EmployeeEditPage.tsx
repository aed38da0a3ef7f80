import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryState } from '../../../components/QueryState.tsx';
import { employeeQuery } from '../api.ts';
import { EmployeeForm } from '../components/EmployeeForm.tsx';

/** Edit an employee (also where an archived one is made active again). */
export default function EmployeeEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery({ ...employeeQuery(id), staleTime: 0 });
  return (
    <Stack gap="md">
      <Title order={1}>
        {t('titles.employeesEdit')}
        {query.data ? ` — ${query.data.firstName} ${query.data.lastName}` : ''}
      </Title>
      {query.data ? (
        <EmployeeForm key={query.data.id} employee={query.data} />
      ) : (
        <QueryState query={query} backHref="/employees" />
      )}
    </Stack>
  );
}
