import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, useLocation } from 'react-router';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { RecordTitleContext, tabTitle } from '../lib/documentTitle.ts';
import { appRoutes, rootRedirect, useRouteHandle } from '../lib/routeTable.ts';
import { RequireAuth } from './guards.tsx';
import { PublicLayout } from './layout/PublicLayout.tsx';
import { RouteErrorBoundary, RouteErrorPage } from './RouteError.tsx';
import { toRouteObject } from './routes.tsx';

/**
 * Document title: the open record's name (see `useRecordTitle`), else the route's translated title
 * (e.g. "Connexion · Brigade").
 */
function useDocumentTitle(recordTitle: string | null) {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const title = recordTitle ?? (handle ? t(handle.titleKey) : '');
  useEffect(() => {
    document.title = tabTitle(title);
  }, [title]);
}

/**
 * The root of every route: page title (the open record's name, else the route's), scroll to top on
 * a new path, error page, lazy-page fallback.
 */
function RootRoute() {
  const { pathname } = useLocation();
  const [recordTitle, setRecordTitle] = useState<string | null>(null);
  useDocumentTitle(recordTitle);

  // A new screen starts at the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolling is what a new path triggers
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <RecordTitleContext value={setRecordTitle}>
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </RecordTitleContext>
  );
}

const routeTree = (): RouteObject[] => [
  {
    element: <RootRoute />,
    // Errors thrown by the root itself (the boundary above catches those of the pages).
    errorElement: <RouteErrorPage />,
    children: [
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
    ],
  },
];

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The app's data router (so `useBlocker` works, see lib/useUnsavedChangesGuard.tsx). Routes come
 * from the one table in routes.tsx; App renders it with `<RouterProvider router={appRouter()} />`.
 * Made on first use, not when the module loads: main.tsx makes it in a task of its own while the
 * first screen's code loads (ranking the routes was a tenth of the task in which a phone evaluates
 * the app's scripts, then the longest slice of the first render).
 */
export function appRouter() {
  router ??= createBrowserRouter(routeTree());
  return router;
}
