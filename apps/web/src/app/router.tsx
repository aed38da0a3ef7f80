import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { RequireAuth } from './guards.tsx';
import { PublicLayout } from './layout/PublicLayout.tsx';
import { RouteErrorBoundary } from './RouteError.tsx';
import { useRouteHandle } from './routeHandle.ts';
import { appRoutes, rootRedirect, toRouteObject } from './routes.tsx';

const routeTree: RouteObject[] = [
  { index: true, element: <Navigate to={rootRedirect} replace /> },
  {
    element: <PublicLayout />,
    children: appRoutes.filter((route) => route.access === 'public').map(toRouteObject),
  },
  {
    element: <RequireAuth />,
    children: appRoutes.filter((route) => route.access !== 'public').map(toRouteObject),
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

/** Document title per route, translated (e.g. "Connexion · Brigade"). */
function useDocumentTitle() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const title = handle ? t(handle.titleKey) : '';
  useEffect(() => {
    document.title = title ? `${title} · Brigade` : 'Brigade';
  }, [title]);
}

export function AppRoutes() {
  const element = useRoutes(routeTree);
  const { pathname } = useLocation();
  useDocumentTitle();

  // A new screen starts at the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolling is what a new path triggers
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<FullPageLoader />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}
