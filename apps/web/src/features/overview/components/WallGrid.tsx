import { placesCoverage } from '@brigade/shared/alert-kinds';
import type { Overview, OverviewComment, OverviewOrder, OverviewSite } from '@brigade/shared/overview';
import { ActionIcon, Anchor, Group, Text } from '@mantine/core';
import { IconMessagePlus, IconUsers } from '@tabler/icons-react';
import { memo, startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localName } from '../../../lib/i18n.ts';
import { Bubble, type CommentTarget } from './CommentDialog.tsx';
import classes from './Overview.module.css';

const chipClass = { full: classes.chipFull, partial: classes.chipPartial, none: classes.chipNone };

export function coverageClass(order: Pick<OverviewOrder, 'confirmed' | 'workersNeeded'>): string {
  return chipClass[placesCoverage(order.confirmed, order.workersNeeded)] as string;
}

function dayLabel(date: string, language: string) {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-CA' : 'fr-CA', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** Order chips drawn at once: more than a 1080p wall shows. The others follow, a batch per task. */
const firstChips = 150;
const chipsPerBatch = 300;

/**
 * How many of the sites to draw: a screenful of chips first, then the rest a batch at a time, as
 * transitions (React yields to a click between them), so that the wall is on screen, and answers,
 * before its last rows are drawn (with 2,000 active orders a 5-day wall has some 1,900 chips: drawn
 * in one go they took the main thread 300–450 ms).
 */
function useSitesDrawn(sites: Overview['sites']): number {
  const chips = sites.map((entry) => entry.orders.reduce((sum, order) => sum + order.days.length, 0));
  const upTo = (from: number, budget: number) => {
    let end = from;
    let drawn = 0;
    while (end < chips.length && (end === from || drawn + (chips[end] ?? 0) <= budget)) {
      drawn += chips[end] ?? 0;
      end += 1;
    }
    return end;
  };
  const [drawn, setDrawn] = useState(() => upTo(0, firstChips));
  const total = sites.length;
  useEffect(() => {
    if (drawn >= total) return;
    const timer = setTimeout(() => startTransition(() => setDrawn(upTo(drawn, chipsPerBatch))), 0);
    return () => clearTimeout(timer);
  });
  return Math.min(drawn, total);
}

/**
 * One site's row. Memoized: the rows drawn by an earlier batch, or unchanged by a refresh, are not
 * drawn again.
 */
const SiteRow = memo(function SiteRow({
  entry,
  days,
  today,
  comments,
  onAdd,
  onOpen,
}: {
  entry: OverviewSite;
  days: string[];
  today: string;
  comments: OverviewComment[];
  onAdd: (target: CommentTarget) => void;
  onOpen: (comment: OverviewComment) => void;
}) {
  const { t } = useTranslation();
  const bySite = comments.filter((comment) => comment.siteId === entry.site.id);
  const byOrder = (orderId: string) => comments.filter((comment) => comment.orderId === orderId);
  return (
    <tr data-testid="overview-site">
      <th scope="row">
        <Group gap={4} justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} fz="1.05em" style={{ overflowWrap: 'anywhere' }}>
              {entry.site.name}
            </Text>
            <Text fz="0.85em" c="dimmed">
              {entry.client.name}
              {entry.site.city ? ` · ${entry.site.city}` : ''}
            </Text>
          </div>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={t('overview.addSiteComment', { site: entry.site.name })}
            onClick={() => onAdd({ siteId: entry.site.id, label: entry.site.name })}
          >
            <IconMessagePlus size={16} aria-hidden />
          </ActionIcon>
        </Group>
        {entry.onSiteToday ? (
          // Who they are: the site's page of the map lists them.
          <Anchor
            component={Link}
            to={`/dashboard/map/${entry.site.id}`}
            fz="0.85em"
            mt={4}
            display="block"
            data-testid="overview-on-site"
          >
            <IconUsers size={14} aria-hidden style={{ verticalAlign: -2 }} />{' '}
            {t('overview.onSiteToday', { count: entry.onSiteToday })}
          </Anchor>
        ) : null}
        <div>
          {bySite.map((comment) => (
            <Bubble key={comment.id} comment={comment} onOpen={onOpen} />
          ))}
        </div>
      </th>
      {days.map((day) => (
        <td key={day} className={day === today ? classes.todayCol : undefined}>
          {entry.orders
            .filter((order) => order.days.includes(day))
            .map((order) => {
              const skills = order.skills.map((skill) => localName(skill)).join(', ');
              const hours = `${order.dailyStart}–${order.dailyEnd}`;
              return (
                <div key={order.id}>
                  <Link
                    to={`/matching/create/${order.id}`}
                    className={`${classes.chip} ${coverageClass(order)}`}
                    data-testid="overview-order"
                  >
                    <span className={classes.count}>
                      {t('overview.coverage', {
                        confirmed: order.confirmed,
                        needed: order.workersNeeded,
                      })}
                    </span>
                    <span className={classes.hidden}>{` ${t('overview.confirmedWord')}`}</span>
                    {order.pending ? ` · ${t('overview.pendingShort', { count: order.pending })}` : ''}
                    <br />
                    <span>{skills}</span>
                    <br />
                    <span style={{ fontSize: '0.85em' }}>{hours}</span>
                  </Link>
                  {day === order.days[0] ? (
                    <div className={classes.chipTools}>
                      {byOrder(order.id).map((comment) => (
                        <Bubble key={comment.id} comment={comment} onOpen={onOpen} />
                      ))}
                      <ActionIcon
                        variant="subtle"
                        size="xs"
                        aria-label={`${t('overview.addOrderComment')} — ${skills}, ${hours}`}
                        onClick={() => onAdd({ orderId: order.id, label: `${entry.site.name} · ${skills}` })}
                      >
                        <IconMessagePlus size={14} aria-hidden />
                      </ActionIcon>
                    </div>
                  ) : null}
                </div>
              );
            })}
        </td>
      ))}
    </tr>
  );
});

/**
 * Sites down, days across: in each cell the orders working that day, coloured by coverage (green
 * filled, amber partial, red nobody confirmed; the numbers say it too), the pending count beside
 * the confirmed; the day's and the site's bubbles; a chip opens its order's matching screen.
 */
export function WallGrid({
  overview,
  onAdd,
  onOpen,
}: {
  overview: Overview;
  onAdd: (target: CommentTarget) => void;
  onOpen: (comment: OverviewComment) => void;
}) {
  const { t, i18n } = useTranslation();
  const byDay = (day: string) => overview.comments.filter((comment) => comment.day === day);
  const drawn = useSitesDrawn(overview.sites);
  return (
    <div className={classes.scroll}>
      <table className={classes.grid} data-testid="overview-grid">
        <thead>
          <tr>
            <th className={classes.siteHead} scope="col">
              {t('overview.site')}
            </th>
            {overview.days.map((day) => {
              const label = dayLabel(day, i18n.language);
              return (
                <th key={day} scope="col" className={day === overview.today ? classes.todayCol : undefined}>
                  <Group gap={4} justify="space-between" wrap="nowrap">
                    <span>
                      {day === overview.today ? `${t('overview.today')} · ` : ''}
                      {label}
                    </span>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={t('overview.addDayComment', { day: label })}
                      onClick={() => onAdd({ day, label })}
                    >
                      <IconMessagePlus size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                  <div>
                    {byDay(day).map((comment) => (
                      <Bubble key={comment.id} comment={comment} onOpen={onOpen} />
                    ))}
                  </div>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {overview.sites.slice(0, drawn).map((entry) => (
            <SiteRow
              key={entry.site.id}
              entry={entry}
              days={overview.days}
              today={overview.today}
              comments={overview.comments}
              onAdd={onAdd}
              onOpen={onOpen}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
