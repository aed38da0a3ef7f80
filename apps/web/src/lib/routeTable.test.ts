import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes, findRoute, isReturnPathAllowed, matchAppRoute } from './routeTable.ts';

/** The route React Router itself opens for `pathname` (the router renders the same table). */
function routerMatch(pathname: string) {
  const table = appRoutes.map((route, index) => ({ path: route.path, id: String(index) }));
  const id = matchRoutes(table, pathname)?.at(-1)?.route.id;
  return id === undefined ? undefined : appRoutes[Number(id)];
}

describe('matchAppRoute, without ranking the table on every call', () => {
  const paths = appRoutes.flatMap((route) => {
    const filled = route.path.replace(/:[^/]+/g, 'create');
    const withId = route.path.replace(/:[^/]+/g, '3f2b8c1e-0000-4000-8000-000000000001');
    return [filled, withId, `${withId}/`, withId.toUpperCase()];
  });

  it('opens the route React Router opens, for every path of the table (fixed segments first)', () => {
    for (const path of paths) expect(matchAppRoute(path), path).toBe(routerMatch(path));
    expect(matchAppRoute('/employees/create')?.page).toBe('employeesCreate');
    expect(matchAppRoute('/employees/42')?.page).toBe('employeesDetail');
  });

  it('opens nothing where the router opens nothing', () => {
    for (const path of ['/nowhere', '/employees/1/2/3/4', '/employeesx', '//']) {
      expect(matchAppRoute(path), path).toBe(routerMatch(path));
    }
  });
});

describe('the hours’ routes', () => {
  it('are open to the three roles as spec §2 says (a supervisor’s own say they log nothing)', () => {
    for (const path of ['/time-entries', '/time-entries/42', '/time-logger', '/time-logger/42']) {
      expect(findRoute(path)?.access, path).toEqual(['admin', 'supervisor', 'employee']);
      expect(isReturnPathAllowed(path, 'supervisor'), path).toBe(true);
    }
  });
});
