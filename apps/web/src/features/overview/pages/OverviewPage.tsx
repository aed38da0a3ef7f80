import type { OverviewComment } from '@brigade/shared/overview';
import {
  Alert,
  Anchor,
  Button,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconMaximize, IconMinimize } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingStack } from '../../../components/LoadingStack.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { defaultOverviewDays, overviewQuery } from '../api.ts';
import { CommentDialog, type CommentTarget } from '../components/CommentDialog.tsx';
import classes from '../components/Overview.module.css';
import { WallGrid } from '../components/WallGrid.tsx';

/** Full screen without the menu: the browser's own (Esc leaves it) and the page over the shell. */
function useFullScreen() {
  const [full, setFull] = useState(false);
  useEffect(() => {
    const onChange = () => {
      if (!document.fullscreenElement) setFull(false);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    if (full) {
      setFull(false);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    } else {
      setFull(true);
      void document.documentElement.requestFullscreen?.().catch(() => undefined);
    }
  };
  return { full, toggle };
}

/** How long a wall TV shows each screenful of sites before turning to the next. */
export const wallPageMs = 15_000;

/**
 * A wall TV has no one to scroll it: in full screen the page turns by itself, a screenful of sites
 * at a time, back to the top after the last, so every site is seen. Says which page it is on.
 */
function useWallPaging(full: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [page, setPage] = useState<{ at: number; of: number } | null>(null);
  useEffect(() => {
    const wall = ref.current;
    if (!full || !wall) {
      setPage(null);
      return;
    }
    // A screenful less a strip: the last row of one page heads the next, so no row is cut unseen.
    const step = () => Math.max(1, wall.clientHeight - 120);
    const measure = () => {
      const of = Math.max(1, Math.ceil((wall.scrollHeight - wall.clientHeight) / step()) + 1);
      setPage({ at: Math.min(of, Math.round(wall.scrollTop / step()) + 1), of });
    };
    measure();
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const timer = window.setInterval(() => {
      const atEnd = wall.scrollTop + wall.clientHeight >= wall.scrollHeight - 2;
      wall.scrollTo({ top: atEnd ? 0 : wall.scrollTop + step(), behavior: smooth ? 'smooth' : 'auto' });
    }, wallPageMs);
    wall.addEventListener('scroll', measure, { passive: true });
    // The sites come, go and change height while it shows: counted again each time.
    const resized = new ResizeObserver(measure);
    resized.observe(wall);
    if (wall.firstElementChild) resized.observe(wall.firstElementChild);
    return () => {
      window.clearInterval(timer);
      wall.removeEventListener('scroll', measure);
      resized.disconnect();
    };
  }, [full]);
  return { ref, page };
}

/**
 * The overview (spec §2, the admins' home), made for a wall TV: the days ahead with each site's
 * orders and their coverage, who is on site today, tomorrow's workers who have not confirmed, and
 * the office's comment bubbles. Refreshes every minute and at once on what changes it.
 */
export default function OverviewPage() {
  const { t, i18n } = useTranslation();
  const [days, setDays] = useState(String(defaultOverviewDays));
  const query = useQuery(overviewQuery(Number(days)));
  const { full, toggle } = useFullScreen();
  const wall = useWallPaging(full);
  const [target, setTarget] = useState<CommentTarget | null>(null);
  const [editing, setEditing] = useState<OverviewComment | null>(null);
  const overview = query.data;
  const time = (ms: number) =>
    new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-CA' : 'fr-CA', {
      hour: '2-digit',
      minute: '2-digit',
    }).format(ms);

  const today = overview
    ? overview.sites.flatMap((entry) => entry.orders.filter((order) => order.days.includes(overview.today)))
    : [];
  const tiles = [
    { key: 'ordered', value: today.reduce((sum, order) => sum + order.workersNeeded, 0) },
    { key: 'confirmed', value: today.reduce((sum, order) => sum + order.confirmed, 0) },
    { key: 'pending', value: today.reduce((sum, order) => sum + order.pending, 0) },
    { key: 'onSite', value: overview?.sites.reduce((sum, entry) => sum + entry.onSiteToday, 0) ?? 0 },
  ];

  return (
    <div ref={wall.ref} className={full ? classes.full : classes.wall} data-testid="overview">
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm">
          <Stack gap={0}>
            <Title order={1}>{t('titles.overview')}</Title>
            <Text c="dimmed" fz="0.9em" aria-live="polite">
              {query.dataUpdatedAt ? t('overview.updatedAt', { time: time(query.dataUpdatedAt) }) : ' '}
            </Text>
            {wall.page && wall.page.of > 1 ? (
              <Text c="dimmed" fz="0.9em" data-testid="overview-wall-page">
                {t('overview.wallPage', { at: wall.page.at, of: wall.page.of, seconds: wallPageMs / 1000 })}
              </Text>
            ) : null}
          </Stack>
          <Group gap="sm">
            <SegmentedControl
              aria-label={t('overview.days')}
              value={days}
              onChange={setDays}
              data={['3', '5', '7', '14']}
            />
            <Button
              variant="default"
              leftSection={
                full ? <IconMinimize size={18} aria-hidden /> : <IconMaximize size={18} aria-hidden />
              }
              onClick={toggle}
              data-testid="overview-fullscreen"
            >
              {full ? t('overview.leaveFullScreen') : t('overview.fullScreen')}
            </Button>
          </Group>
        </Group>
        {!overview ? (
          query.isPending ? (
            <LoadingStack gap="sm">
              <Skeleton h={80} />
              <Skeleton h={260} />
            </LoadingStack>
          ) : (
            <QueryState query={query} backHref="/orders" />
          )
        ) : (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" maw={760}>
              {tiles.map((tile) => (
                <div key={tile.key} className={classes.tile} data-testid={`overview-tile-${tile.key}`}>
                  <div className={classes.tileValue}>{tile.value}</div>
                  <Text fz="0.9em">{t(`overview.tiles.${tile.key}`)}</Text>
                </div>
              ))}
            </SimpleGrid>
            {overview.tomorrowUnconfirmed.length ? (
              <Alert
                color="orange"
                title={t('overview.tomorrowUnconfirmed', { count: overview.tomorrowUnconfirmed.length })}
              >
                <Group gap="md" wrap="wrap" data-testid="overview-tomorrow">
                  {overview.tomorrowUnconfirmed.map((each) => (
                    <Anchor
                      key={each.assignationId}
                      component={Link}
                      to={`/matching/create/${each.orderId}`}
                      fz="0.95em"
                    >
                      ⚠ {each.employee.firstName} {each.employee.lastName} — {each.siteName},{' '}
                      {each.dailyStart}
                    </Anchor>
                  ))}
                </Group>
              </Alert>
            ) : null}
            {overview.sites.length ? (
              <WallGrid overview={overview} onAdd={setTarget} onOpen={setEditing} />
            ) : (
              <Text c="dimmed" ta="center" py="xl">
                {t('overview.empty')}
              </Text>
            )}
            <Group gap="md" fz="0.85em" aria-hidden>
              <span className={`${classes.chip} ${classes.chipFull}`} style={{ width: 'auto' }}>
                {t('overview.legend.full')}
              </span>
              <span className={`${classes.chip} ${classes.chipPartial}`} style={{ width: 'auto' }}>
                {t('overview.legend.partial')}
              </span>
              <span className={`${classes.chip} ${classes.chipNone}`} style={{ width: 'auto' }}>
                {t('overview.legend.none')}
              </span>
            </Group>
          </>
        )}
      </Stack>
      <CommentDialog
        target={target}
        comment={editing}
        onClose={() => {
          setTarget(null);
          setEditing(null);
        }}
      />
    </div>
  );
}
