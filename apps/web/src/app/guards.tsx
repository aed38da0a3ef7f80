import { homeByRole } from '@brigade/shared/roles';
import { Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { checkAccess, clearSession, useAuth } from '../lib/auth.ts';
import { preloadable } from '../lib/preloadable.ts';
import { useRouteHandle } from '../lib/routeTable.ts';
import { renewSessionIfDue } from '../lib/sessionRenewal.ts';

// The signed-in layout (menu, header, counts) is only fetched once the guard lets the user in,
// so public pages never load it.
const AppLayout = preloadable(() => import('./layout/AppLayout.tsx'));

/** Starts loading the signed-in layout now (main.tsx, when a session opens a signed-in page). */
export function preloadAppLayout(): Promise<unknown> {
  return AppLayout.preload().catch(() => {});
}

/** Spec §5 route guard for every signed-in route of the table. */
export function RequireAuth() {
  const { session, endedByUser } = useAuth();
  const location = useLocation();
  const handle = useRouteHandle();
  const allowed = handle && handle.access !== 'public' ? handle.access : [];
  const access = checkAccess(session, { allowed, pathname: location.pathname });

  useEffect(() => {
    if (access.kind === 'login') clearSession(endedByUser);
  }, [access.kind, endedByUser]);

  // A field sign-in slides as it is used: each page opened, and the app coming back on screen (a
  // phone's app stays open for days), may renew it, at most about once a day.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each page opened is a use of the app
  useEffect(() => {
    if (access.kind === 'allow') renewSessionIfDue();
  }, [access.kind, location.pathname]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') renewSessionIfDue();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  if (access.kind === 'login') {
    if (endedByUser) return <Navigate to="/login" replace />;
    const returnTo = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(returnTo)}`} replace />;
  }
  if (access.kind === 'home') return <Navigate to={homeByRole[access.to]} replace />;
  if (access.kind === 'scope') return <Navigate to={access.to} replace />;
  return (
    <Suspense fallback={<FullPageLoader />}>
      <AppLayout />
    </Suspense>
  );
}
