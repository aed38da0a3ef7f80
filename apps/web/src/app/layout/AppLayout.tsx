import { ActionIcon, Anchor, AppShell, Burger, Button, Group, Overlay, Text } from '@mantine/core';

import { useDisclosure, useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Brand } from '../../components/Brand.tsx';
import { HoverHint } from '../../components/HoverHint.tsx';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { logout } from '../../features/auth/api.ts';
import { useNavigationCounts } from '../../features/notifications/useNavigationCounts.ts';
import { useAuth } from '../../lib/auth.ts';
import { appVersion } from '../../lib/version.ts';
import { AdminMenu } from './AdminMenu.tsx';
import classes from './AppLayout.module.css';
import { PageOutlet } from './PageOutlet.tsx';
import { RealtimeBridge } from './RealtimeBridge.tsx';

const ReleaseNotesModal = lazy(() => import('./ReleaseNotesModal.tsx'));

/** Spec §9: the side menu is permanent from 1080 px, an overlay below. */
const desktopQuery = '(min-width: 1080px)';
const navbarBreakpoint = '1079.98px';

function ReleaseNotesButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [requested, setRequested] = useState(false);
  return (
    <>
      <Button
        variant="subtle"
        color="dark"
        size="compact-sm"
        px={6}
        style={{ flexShrink: 0 }}
        aria-haspopup="dialog"
        title={t('releaseNotes.open')}
        onClick={() => {
          setRequested(true);
          setOpened(true);
        }}
        data-testid="version-button"
      >
        v{appVersion}
      </Button>
      {requested ? (
        <Suspense fallback={null}>
          <ReleaseNotesModal opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** My profile (names, mobile): an icon in the simple header. */
function ProfileLink() {
  const { t } = useTranslation();
  return (
    <HoverHint label={t('titles.profile')}>
      <ActionIcon
        component={Link}
        to="/profile"
        variant="subtle"
        color="gray.8"
        size="xl"
        aria-label={t('titles.profile')}
        data-testid="profile-link"
      >
        <IconUserCircle size={20} aria-hidden />
      </ActionIcon>
    </HoverHint>
  );
}

function LogoutButton({ compact }: { compact?: boolean }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const onClick = () => {
    setPending(true);
    void logout();
  };
  if (compact) {
    return (
      <HoverHint label={t('menu.logout')}>
        <ActionIcon
          variant="subtle"
          color="gray.8"
          size="xl"
          aria-label={t('menu.logout')}
          onClick={onClick}
          loading={pending}
        >
          <IconLogout size={20} aria-hidden />
        </ActionIcon>
      </HoverHint>
    );
  }
  return (
    <Button
      variant="default"
      px="sm"
      style={{ flexShrink: 0 }}
      leftSection={<IconLogout size={18} aria-hidden />}
      onClick={onClick}
      loading={pending}
    >
      {t('menu.logout')}
    </Button>
  );
}

/**
 * The menu with its badges. The counts are read here, not in the layout: each count that arrives
 * (five at a page's opening, more on each SMS) redraws the menu alone, not the page under it.
 */
function CountedAdminMenu() {
  const counts = useNavigationCounts(true);
  return <AdminMenu counts={counts} />;
}

function AdminLayout({ firstName }: { firstName: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const isDesktop = useMediaQuery(desktopQuery, window.matchMedia(desktopQuery).matches) ?? true;
  const [opened, { toggle, close }] = useDisclosure(false);
  const navbarRef = useRef<HTMLDivElement>(null);
  const overlayOpen = opened && !isDesktop;
  // On a phone the menu is a drawer: its links, and the requests behind their badges, are drawn the
  // first time it opens (then kept, so it closes with them), not at every start of the app, where
  // they were a tenth of a mid-range phone's start for a menu nobody sees.
  const [drawerOpenedOnce, setDrawerOpenedOnce] = useState(false);
  if (opened && !drawerOpenedOnce) setDrawerOpenedOnce(true);
  const menuDrawn = isDesktop || drawerOpenedOnce;

  // The overlay menu closes on navigation…
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is what a new location triggers
  useEffect(() => {
    close();
  }, [location.key, close]);
  // …and with Escape.
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape' && overlayOpen) close();
  });
  useEffect(() => {
    if (overlayOpen) navbarRef.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [overlayOpen]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 264, breakpoint: navbarBreakpoint, collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <AppShell.Header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              className={classes.burger}
              size="sm"
              aria-label={opened ? t('menu.close') : t('menu.open')}
              aria-expanded={opened}
              aria-controls="app-menu"
            />
            <Link
              to="/overview"
              className={classes.brandLink}
              aria-label={`Brigade — ${t('titles.overview')}`}
            >
              <Brand size="md" />
            </Link>
          </Group>
          <LanguageSwitch />
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        id="app-menu"
        ref={navbarRef}
        aria-label={t('menu.label')}
        className={classes.navbar}
        inert={!isDesktop && !opened}
      >
        {menuDrawn ? (
          <>
            <AppShell.Section px="md" pt="sm" pb={6}>
              <Text fw={700} size="md" data-testid="menu-greeting">
                {t('menu.greeting', { firstName })}
              </Text>
              <Anchor component={Link} to="/profile" size="sm" data-testid="profile-link">
                {t('titles.profile')}
              </Anchor>
            </AppShell.Section>
            {/* The browser's own scrolling: Mantine's ScrollArea measured the page on every render. */}
            <AppShell.Section grow px="xs" pb={4} className={classes.menuViewport}>
              <CountedAdminMenu />
            </AppShell.Section>
            <AppShell.Section px="sm" py="xs" className={classes.navFooter}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <ReleaseNotesButton />
                <LogoutButton />
              </Group>
            </AppShell.Section>
          </>
        ) : null}
      </AppShell.Navbar>

      {overlayOpen ? (
        <Overlay fixed zIndex={99} backgroundOpacity={0.45} onClick={close} data-testid="menu-backdrop" />
      ) : null}

      <AppShell.Main className={classes.main}>
        <RealtimeBridge />
        <PageOutlet />
      </AppShell.Main>
    </AppShell>
  );
}

/** Supervisors and employees: a simple header, no side menu. */
function SimpleLayout({ fullName }: { fullName: string }) {
  return (
    <AppShell header={{ height: 56 }} padding={{ base: 'md', sm: 'lg' }}>
      <AppShell.Header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
          <Brand size="md" />
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={600} className={classes.userName} data-testid="header-user-name">
              {fullName}
            </Text>
            <LanguageSwitch />
            <ProfileLink />
            <LogoutButton compact />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main className={classes.main}>
        <PageOutlet />
      </AppShell.Main>
    </AppShell>
  );
}

/** The signed-in frame; admins get the side menu (spec §2). */
export default function AppLayout() {
  const { session } = useAuth();
  if (!session) return null;
  const { user } = session;
  return user.role === 'admin' ? (
    <AdminLayout firstName={user.firstName} />
  ) : (
    <SimpleLayout fullName={`${user.firstName} ${user.lastName}`.trim()} />
  );
}
