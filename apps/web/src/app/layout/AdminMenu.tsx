import { Badge, Group, NavLink, Stack, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { NavigationCounts } from '../../features/notifications/useNavigationCounts.ts';
import { afterFirstAction, oneByOneWhenIdle } from '../../lib/afterFirstAction.ts';
import { preloadPage } from '../routes.tsx';
import classes from './AppLayout.module.css';
import { adminMenu, type BadgeKey, type MenuGroup, type MenuLink } from './menu.ts';

const isActive = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

function CountBadge({ count, badge }: { count: number; badge: BadgeKey }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <Badge
      size="sm"
      color="red.9"
      variant="filled"
      circle={count < 10}
      data-testid={`badge-${badge}`}
      data-count={count}
    >
      {/* Said once, in words, by the hidden text: "Général, 9 non lus", not "9 9 non lus". */}
      <span aria-hidden>{count > 99 ? '99+' : count}</span>
      <VisuallyHidden>
        {t(
          badge === 'timesheets'
            ? 'menu.refusedCount'
            : badge === 'alerts' || badge === 'hourAlerts'
              ? 'menu.alertCount'
              : 'menu.unreadCount',
          { count },
        )}
      </VisuallyHidden>
    </Badge>
  );
}

function LinkItem({ item, counts, nested }: { item: MenuLink; counts: NavigationCounts; nested?: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = isActive(pathname, item.to);
  const Icon = item.icon;
  return (
    <NavLink
      component={Link}
      to={item.to}
      onMouseEnter={() => preloadPage(item.to)}
      onFocus={() => preloadPage(item.to)}
      label={t(item.labelKey)}
      active={active}
      aria-current={active ? 'page' : undefined}
      leftSection={Icon ? <Icon size={18} stroke={1.6} aria-hidden /> : nested ? undefined : null}
      rightSection={item.badge ? <CountBadge count={counts[item.badge]} badge={item.badge} /> : undefined}
      variant="light"
      className={classes.navLink}
      classNames={{ label: classes.navLinkLabel }}
    />
  );
}

function GroupItem({ group, counts }: { group: MenuGroup; counts: NavigationCounts }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(true);
  const Icon = group.icon;
  const childrenId = `menu-group-${group.id}`;
  return (
    <NavLink
      component="button"
      type="button"
      label={t(group.labelKey)}
      leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
      rightSection={
        <Group gap={6} wrap="nowrap">
          {group.badge ? <CountBadge count={counts[group.badge]} badge={group.badge} /> : null}
          <IconChevronDown
            size={16}
            aria-hidden
            style={{ transform: opened ? 'rotate(180deg)' : undefined, transition: 'transform 150ms ease' }}
          />
        </Group>
      }
      disableRightSectionRotation
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      aria-controls={childrenId}
      childrenOffset={12}
      data-testid={`menu-group-${group.id}`}
      className={classes.navLink}
      classNames={{ label: classes.navLinkLabel }}
    >
      <Stack gap={0} id={childrenId}>
        {group.items.map((item) => (
          <LinkItem key={item.to} item={item} counts={counts} nested />
        ))}
      </Stack>
    </NavLink>
  );
}

const menuPaths = adminMenu.flatMap((entry) =>
  entry.kind === 'link' ? [entry.to] : entry.items.map((item) => item.to),
);

/**
 * The admin side menu items (spec §2). Their screens' code loads once the office starts using the
 * page, one screen per idle moment (and at once for the item pointed at or focused).
 */
export function AdminMenu({ counts }: { counts: NavigationCounts }) {
  useEffect(() => {
    let stopPreloading = () => {};
    const stopWaiting = afterFirstAction(() => {
      stopPreloading = oneByOneWhenIdle(menuPaths.map((path) => () => preloadPage(path)));
    });
    return () => {
      stopWaiting();
      stopPreloading();
    };
  }, []);
  return (
    <Stack gap={0}>
      {adminMenu.map((entry) =>
        entry.kind === 'link' ? (
          <LinkItem key={entry.to} item={entry} counts={counts} />
        ) : (
          <GroupItem key={entry.id} group={entry} counts={counts} />
        ),
      )}
    </Stack>
  );
}
