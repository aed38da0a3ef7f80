import { Center, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { endpointQuery } from '../../../lib/queries.ts';
import { AbsenceForm } from '../components/AbsenceForm.tsx';

/**
 * New absence. From the calendar (`?startsOn=…&endsOn=…`) or an employee's page (`?employeeId=…`),
 * those are filled in.
 */
export default function AbsenceCreatePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const employeeId = params.get('employeeId') ?? undefined;
  const employee = useQuery({
    ...endpointQuery('GET /employees/:id', { params: { id: employeeId ?? '' } }),
    enabled: Boolean(employeeId),
    meta: { silent: true },
  });
  const waiting = Boolean(employeeId) && employee.isPending;
  return (
    <Stack gap="md">
      <Title order={1}>{t('titles.absencesCreate')}</Title>
      {waiting ? (
        <Center py="xl" role="status" aria-label={t('common.loading')}>
          <Loader />
        </Center>
      ) : (
        <AbsenceForm
          preset={{
            employeeId: employee.data?.id,
            employeeLabel: employee.data
              ? `${employee.data.lastName}, ${employee.data.firstName} (${employee.data.employeeNumber})`
              : undefined,
            startsOn: params.get('startsOn') ?? undefined,
            endsOn: params.get('endsOn') ?? undefined,
            type: params.get('type') ?? undefined,
          }}
        />
      )}
    </Stack>
  );
}
