import { homeByRole } from '@brigade/shared/roles';
import { Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { checkAccess, clearSession, useAuth } from '../lib/auth.ts';
import { preloadable } from '../lib/preloadable.ts';
import { useRouteHandle } from '../lib/routeTable.ts';

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
