import { siteCoverages } from '@brigade/shared/alert-kinds';
import type { MapSite, SitesMap } from '@brigade/shared/dashboards';
import { formatPhone } from '@brigade/shared/format';
import {
  Anchor,
  Box,
  Grid,
  Group,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { QueryPage } from '../../../components/QueryPage.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { SoftBadge } from '../../../components/SoftBadge.tsx';
import { useRecordTitle } from '../../../lib/documentTitle.ts';
import { formatDateRange, formatNumber } from '../../../lib/format.ts';
import { mapSiteQuery, sitesMapQuery } from '../api.ts';
import { CoverageDot, LoadError } from '../components/coverage.tsx';
import { useWeek, WeekPicker } from '../components/WeekPicker.tsx';

const SitesMapView = lazy(() => import('../components/SitesMapView.tsx'));

/** What the colours mean, with how many sites have each. */
function Legend({ map }: { map: SitesMap }) {
  const { t } = useTranslation();
  return (
    <Group
      gap="md"
      component="ul"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={t('dashboards.map.legend')}
      data-testid="map-legend"
    >
      {siteCoverages.map((coverage) => (
        <Group key={coverage} gap={6} component="li" wrap="nowrap">
          <CoverageDot coverage={coverage} />
          <Text size="sm">
            {t(`dashboards.coverage.${coverage}`)}{' '}
            <Text span c="dimmed" size="sm">
              ({formatNumber(map.sites.filter((site) => site.coverage === coverage).length)})
            </Text>
          </Text>
        </Group>
      ))}
    </Group>
  );
}

function coverageText(site: MapSite, t: TFunction) {
  return site.orders
    ? t('dashboards.map.coverageText', {
        confirmed: site.workersNeeded - site.openPlaces,
        needed: site.workersNeeded,
      })
    : t('dashboards.coverage.no_order');
}

/** Every site of the map as links: the way to the sites for keyboards and screen readers. */
function SiteList({ map, week }: { map: SitesMap; week: string }) {
  const { t } = useTranslation();
  return (
    <SectionCard headingId="map-sites-heading" p="xs">
      <Title order={2} size="h5" id="map-sites-heading" px={6} pt={4} pb={6}>
        {t('dashboards.map.sites', { count: map.sites.length })}
      </Title>
      {map.sites.length ? (
        <ScrollArea.Autosize
          mah={{ base: undefined, md: 470 }}
          type="auto"
          scrollbars="y"
          offsetScrollbars="y"
        >
          <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} data-testid="map-site-list">
            {map.sites.map((site) => (
              <li key={site.id}>
                <UnstyledButton
                  component={Link}
                  to={`/dashboard/map/${site.id}?week=${week}`}
                  display="block"
                  px={6}
                  py={6}
                  style={{ borderRadius: 4 }}
                  className="map-site-link"
                  data-testid="map-site-link"
                >
                  <Group gap={8} wrap="nowrap" align="flex-start">
                    <Box pt={4}>
                      <CoverageDot coverage={site.coverage} />
                    </Box>
                    <Box style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} c="brand.8" truncate="end">
                        {site.name}
                      </Text>
                      <Text size="xs" c="dimmed" truncate="end">
                        {site.client.name}
                        {site.city ? ` · ${site.city}` : ''}
                      </Text>
                      <Text size="xs">{coverageText(site, t)}</Text>
                    </Box>
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      ) : (
        <Text size="sm" c="dimmed" px={6} pb={6} data-testid="map-empty">
          {t('dashboards.map.empty')}
        </Text>
      )}
      {map.unlocated ? (
        <Text size="xs" c="dimmed" px={6} pt={6}>
          {t('dashboards.map.unlocated', { count: map.unlocated })}
        </Text>
      ) : null}
    </SectionCard>
  );
}

/** One list of a site's week (its orders, its workers) under its heading, or what says it is empty. */
function DetailList<T>({
  title,
  items,
  gap,
  empty,
  'data-testid': testId,
  children,
}: {
  title: string;
  items: T[];
  gap: number;
  empty: string;
  'data-testid': string;
  /** One `<li>` (with its key). */
  children: (item: T) => ReactNode;
}) {
  return (
    <div>
      <Title order={3} size="h6" mb={4}>
        {title}
      </Title>
      {items.length ? (
        <Stack component="ul" gap={gap} m={0} p={0} style={{ listStyle: 'none' }} data-testid={testId}>
          {items.map(children)}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
    </div>
  );
}

/** One site: its coverage, its orders of the week and the workers confirmed on them. */
function SiteDetail({ id, week }: { id: string; week: string }) {
  const { t } = useTranslation();
  const query = useQuery(mapSiteQuery(id, week));
  const detail = query.data;
  useRecordTitle(detail?.site.name);
  const back = (
    <Anchor component={Link} to={`/dashboard/map?week=${week}`} size="sm" data-testid="map-back">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {t('dashboards.map.allSites')}
      </Group>
    </Anchor>
  );
  if (!detail) {
    return (
      <Stack gap="xs">
        {back}
        {query.error ? (
          <LoadError query={query} />
        ) : (
          <Skeleton h={220} radius="sm" role="status" aria-label={t('common.loading')} />
        )}
      </Stack>
    );
  }
  const { site } = detail;
  return (
    <SectionCard headingId="map-site-heading" data-testid="map-site-detail">
      <Stack gap="sm">
        {back}
        <div>
          <Group gap={8} wrap="nowrap">
            <CoverageDot coverage={site.coverage} size={14} />
            <Title order={2} size="h4" id="map-site-heading">
              {site.name}
            </Title>
          </Group>
          <Text size="sm">
            <Anchor component={Link} to={`/clients/${site.client.id}`} size="sm">
              {site.client.name}
            </Anchor>
            {[site.street, site.city].filter(Boolean).length
              ? ` · ${[site.street, site.city].filter(Boolean).join(', ')}`
              : ''}
          </Text>
          <Text size="sm" mt={4} data-testid="map-site-coverage">
            {t(`dashboards.coverage.${site.coverage}`)}
            {site.orders
              ? ` · ${t('dashboards.map.coverageText', { confirmed: site.workersNeeded - site.openPlaces, needed: site.workersNeeded })}`
              : ''}
          </Text>
          {site.latitude === null ? (
            <Text size="xs" c="dimmed">
              {t('dashboards.map.noPosition')}
            </Text>
          ) : null}
        </div>
        <DetailList
          title={t('dashboards.map.orders', { count: detail.orders.length })}
          items={detail.orders}
          gap={4}
          empty={t('dashboards.map.noOrder')}
          data-testid="map-site-orders"
        >
          {(order) => (
            <li key={order.id}>
              <Anchor component={Link} to={`/orders/${order.id}`} size="sm">
                {formatDateRange(order.startsOn, order.endsOn)} · {order.dailyStart}–{order.dailyEnd}
              </Anchor>
              <Group gap={6} mt={2}>
                <Text size="xs">
                  {t('dashboards.map.coverageText', {
                    confirmed: order.confirmed,
                    needed: order.workersNeeded,
                  })}
                  {order.pending ? ` · ${t('dashboards.map.pending', { count: order.pending })}` : ''}
                </Text>
                <SoftBadge size="xs" color="gray">
                  {t(`orders.statuses.${order.status}`)}
                </SoftBadge>
              </Group>
            </li>
          )}
        </DetailList>
        <DetailList
          title={t('dashboards.map.workers', { count: detail.workers.length })}
          items={detail.workers}
          gap={2}
          empty={t('dashboards.map.noWorker')}
          data-testid="map-site-workers"
        >
          {(worker) => (
            <li key={`${worker.id}-${worker.orderId}`}>
              <Anchor component={Link} to={`/employees/${worker.id}`} size="sm">
                {worker.firstName} {worker.lastName}
              </Anchor>
              {worker.phone ? (
                <Text span size="xs" c="dimmed">
                  {' '}
                  · {formatPhone(worker.phone)}
                </Text>
              ) : null}
            </li>
          )}
        </DetailList>
      </Stack>
    </SectionCard>
  );
}

/**
 * The locations map (spec §2 dashboard/map, dashboard/map/:id): the sites of the week on a map,
 * coloured by coverage (full green, partial orange, none red, no order grey), with a legend and a
 * list of the same sites beside it; /:id focuses one site and shows its orders and workers.
 */
export default function SitesMapPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const [week, setWeek] = useWeek();
  const query = useQuery({ ...sitesMapQuery(week), placeholderData: keepPreviousData });
  return (
    <QueryPage
      title={t('titles.map')}
      picker={<WeekPicker week={week} onChange={setWeek} />}
      query={query}
      error={<LoadError query={query} />}
      loading={
        <Grid
          gap="sm"
          role="status"
          aria-busy="true"
          aria-label={t('common.loading')}
          data-testid="map-loading"
        >
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Skeleton h={400} radius="sm" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Skeleton h={400} radius="sm" />
          </Grid.Col>
        </Grid>
      }
      // The map stays as it is while another week loads.
      dimPrevious={false}
    >
      {(map) => (
        <>
          <Legend map={map} />
          <Grid gap="sm">
            {/* On a phone, one site's details come first, above the map. */}
            <Grid.Col span={{ base: 12, md: 8 }} order={{ base: id ? 2 : 1, md: 1 }}>
              <Suspense fallback={<Skeleton h={{ base: 300, sm: 520 }} radius="sm" />}>
                <SitesMapView
                  sites={map.sites}
                  focusedId={id}
                  onSelect={(siteId) => navigate(`/dashboard/map/${siteId}?week=${week}`)}
                />
              </Suspense>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }} order={{ base: id ? 1 : 2, md: 2 }}>
              {id ? <SiteDetail id={id} week={week} /> : <SiteList map={map} week={week} />}
            </Grid.Col>
          </Grid>
        </>
      )}
    </QueryPage>
  );
}
