import { formatPhone } from '@brigade/shared/format';
import type { PersonPrivacy } from '@brigade/shared/privacy-log';
import { Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpointQuery } from '../lib/endpointQuery.ts';
import { formatDateTime } from '../lib/format.ts';
import { DetailCard } from './DetailPage.tsx';
import { RecordTable } from './RecordTable.tsx';
import { SoftBadge } from './SoftBadge.tsx';

type Kind = 'employees' | 'applicants' | 'supervisors';

const privacyQuery = (kind: Kind, id: string) =>
  endpointQuery(`GET /${kind}/:id/privacy`, { params: { id } });

/**
 * A person's privacy record on their page (Law 25, the office's): their mobile's texting consent
 * with every STOP / START and its date, and who opened their sensitive records (file, CV,
 * health-related absence, export of their data), the latest first.
 */
export function PersonPrivacyCard({ kind, id }: { kind: Kind; id: string }) {
  const { t } = useTranslation();
  const query = useQuery(privacyQuery(kind, id));
  return (
    <DetailCard title={t('personPrivacy.title')} style={{ gridColumn: '1 / -1' }}>
      {!query.data ? <Skeleton h={80} /> : <PrivacyRecord record={query.data} />}
    </DetailCard>
  );
}

function PrivacyRecord({ record }: { record: PersonPrivacy }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="person-privacy">
      <Stack gap={6}>
        <Title order={3} size="h5">
          {t('personPrivacy.sms')}
        </Title>
        {record.phone ? (
          <Group gap="xs">
            <Text size="sm">{formatPhone(record.phone)}</Text>
            <SoftBadge color={record.sms.optedOut ? 'red' : 'green'} data-testid="sms-consent">
              {t(record.sms.optedOut ? 'personPrivacy.optedOut' : 'personPrivacy.consenting')}
            </SoftBadge>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('personPrivacy.noPhone')}
          </Text>
        )}
        {record.sms.events.length ? (
          <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {record.sms.events.map((event) => (
              <Text key={`${event.at}-${event.kind}`} size="sm" component="li">
                {formatDateTime(event.at)} —{' '}
                {t(`personPrivacy.events.${event.kind}`, { keyword: event.keyword ?? '' })}
              </Text>
            ))}
          </Stack>
        ) : record.phone ? (
          <Text size="sm" c="dimmed">
            {t('personPrivacy.noEvents')}
          </Text>
        ) : null}
      </Stack>
      <Stack gap={6}>
        <Title order={3} size="h5">
          {t('personPrivacy.access', { count: record.accessTotal })}
        </Title>
        {record.access.length ? (
          <RecordTable
            label={t('personPrivacy.accessLabel')}
            data-testid="person-access-log"
            records={record.access.map((entry, index) => ({ ...entry, key: `${entry.at}-${index}` }))}
            rowKey={(entry) => entry.key}
            columns={[
              { accessor: 'at', title: t('personPrivacy.when'), render: (entry) => formatDateTime(entry.at) },
              {
                accessor: 'actor',
                title: t('personPrivacy.who'),
                render: (entry) =>
                  entry.actor
                    ? `${entry.actor.firstName} ${entry.actor.lastName}`
                    : t('personPrivacy.deletedAccount'),
              },
              {
                accessor: 'what',
                title: t('personPrivacy.what'),
                render: (entry) => t(`personPrivacy.kinds.${entry.what}`),
              },
            ]}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('personPrivacy.noAccess')}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
