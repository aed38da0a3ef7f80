import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { findRoute, type RouteHandle } from './routes.tsx';

/** Access and title of the current route, from the route table. */
export function useRouteHandle(): RouteHandle | null {
  const { pathname } = useLocation();
  return useMemo(() => findRoute(pathname), [pathname]);
}
