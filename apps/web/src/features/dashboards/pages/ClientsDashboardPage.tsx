import type { ClientsDashboardClient } from '@brigade/shared/dashboards';
import { Anchor, Group, Paper, SimpleGrid, Skeleton, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingStack } from '../../../components/LoadingStack.tsx';
import { QueryPage } from '../../../components/QueryPage.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { SoftBadge } from '../../../components/SoftBadge.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { clientsDashboardQuery } from '../api.ts';
import { LoadError } from '../components/coverage.tsx';
import { useWeek, WeekPicker } from '../components/WeekPicker.tsx';

function Stat({
  label,
  value,
  testId,
  alert,
}: {
  label: string;
  value: number;
  testId: string;
  alert?: boolean;
}) {
  return (
    <Paper withBorder radius="sm" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz={26} c={alert && value > 0 ? 'red.9' : undefined} data-testid={testId}>
        {formatNumber(value)}
      </Text>
    </Paper>
  );
}

function OpenPlaces({ count }: { count: number }) {
  const { t } = useTranslation();
  return count > 0 ? (
    <SoftBadge color="red" size="md">
      {t('dashboards.clients.openCount', { count })}
    </SoftBadge>
  ) : (
    <Text size="sm" c="dimmed">
      {t('dashboards.clients.noOpenPlace')}
    </Text>
  );
}

/** A client: its headcount and open places, then each of its sites. */
function ClientCard({ client, week }: { client: ClientsDashboardClient; week: string }) {
  const { t } = useTranslation();
  const headingId = `client-${client.id}`;
  return (
    <SectionCard headingId={headingId} data-testid="dashboard-client">
      <Group justify="space-between" align="center" gap="xs" mb="xs">
        <Title order={2} size="h4" id={headingId}>
          <Anchor component={Link} to={`/clients/${client.id}`} inherit>
            {client.name}
          </Anchor>
        </Title>
        <Group gap="sm">
          <Text size="sm" data-testid="client-headcount">
            {t('dashboards.clients.headcountText', { count: client.headcount })}
          </Text>
          <OpenPlaces count={client.openPlaces} />
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={320}>
        <Table
          verticalSpacing={6}
          fz="sm"
          aria-label={t('dashboards.clients.sitesOf', { client: client.name })}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('dashboards.clients.site')}</Table.Th>
              <Table.Th ta="right" visibleFrom="sm">
                {t('dashboards.clients.orders')}
              </Table.Th>
              <Table.Th ta="right" visibleFrom="sm">
                {t('dashboards.clients.needed')}
              </Table.Th>
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                {t('dashboards.clients.headcount')}
              </Table.Th>
              <Table.Th ta="right" style={{ overflowWrap: 'normal' }}>
                {t('dashboards.clients.open')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {client.sites.map((site) => (
              <Table.Tr key={site.id} data-testid="dashboard-site">
                <Table.Td>
                  <Anchor component={Link} to={`/dashboard/map/${site.id}?week=${week}`} size="sm" fw={500}>
                    {site.name}
                  </Anchor>
                  {site.city ? (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      · {site.city}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  {formatNumber(site.orders)}
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  {formatNumber(site.workersNeeded)}
                </Table.Td>
                <Table.Td ta="right" data-testid="site-headcount">
                  {formatNumber(site.headcount)}
                </Table.Td>
                <Table.Td
                  ta="right"
                  data-testid="site-open"
                  c={site.openPlaces ? 'red.9' : undefined}
                  fw={site.openPlaces ? 700 : undefined}
                >
                  {formatNumber(site.openPlaces)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </SectionCard>
  );
}

/**
 * Current clients (spec §2 clients-dashboard): the clients with a site live or an order during the
 * week, busiest first, with their confirmed workers and the places still to fill, per client and
 * per site. The week lives in the URL.
 */
export default function ClientsDashboardPage() {
  const { t } = useTranslation();
  const [week, setWeek] = useWeek();
  const query = useQuery({ ...clientsDashboardQuery(week), placeholderData: keepPreviousData });
  return (
    <QueryPage
      title={t('titles.clientsDashboard')}
      picker={<WeekPicker week={week} onChange={setWeek} />}
      query={query}
      error={<LoadError query={query} />}
      loading={
        <LoadingStack gap="sm" data-testid="dashboard-loading">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} h={72} radius="sm" />
            ))}
          </SimpleGrid>
          <Skeleton h={140} radius="sm" />
          <Skeleton h={140} radius="sm" />
        </LoadingStack>
      }
    >
      {(board) => (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Stat
              label={t('dashboards.clients.clients')}
              value={board.totals.clients}
              testId="total-clients"
            />
            <Stat label={t('dashboards.clients.sites')} value={board.totals.sites} testId="total-sites" />
            <Stat
              label={t('dashboards.clients.headcount')}
              value={board.totals.headcount}
              testId="total-headcount"
            />
            <Stat
              label={t('dashboards.clients.open')}
              value={board.totals.openPlaces}
              testId="total-open"
              alert
            />
          </SimpleGrid>
          {board.clients.length ? (
            board.clients.map((client) => <ClientCard key={client.id} client={client} week={week} />)
          ) : (
            <Paper withBorder radius="sm" p="xl" data-testid="dashboard-empty">
              <Text ta="center">{t('dashboards.clients.empty')}</Text>
            </Paper>
          )}
        </>
      )}
    </QueryPage>
  );
}
