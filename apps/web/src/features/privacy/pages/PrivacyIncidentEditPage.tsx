import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryState } from '../../../components/QueryState.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { privacyIncidentQuery } from '../api.ts';
import { PrivacyIncidentForm } from '../components/PrivacyIncidentForm.tsx';

/** Change an incident of the register (kept; the change is in the audit log). */
export default function PrivacyIncidentEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery({ ...privacyIncidentQuery(id), staleTime: 0 });
  return (
    <Stack gap="md">
      <Title order={1}>
        {query.data
          ? t('privacy.register.editIncident', { number: query.data.number })
          : t('titles.privacyIncidentsEdit')}
      </Title>
      {query.data ? (
        <Text c="dimmed" data-testid="privacy-incident-recorded">
          {t('privacy.register.recordedLine', {
            name: query.data.recordedBy ?? t('common.empty'),
            created: formatDateTime(query.data.createdAt),
            updated: formatDateTime(query.data.updatedAt),
          })}
        </Text>
      ) : null}
      {query.data ? (
        <PrivacyIncidentForm key={query.data.id} incident={query.data} />
      ) : (
        <QueryState query={query} backHref="/privacy-incidents" />
      )}
    </Stack>
  );
}
