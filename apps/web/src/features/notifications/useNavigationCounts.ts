import { defaultAlertDays } from '@brigade/shared/alert-kinds';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { call } from '../../lib/api.ts';
import { type Resource, resourceOf } from '../../lib/queryKeys.ts';

/** The badges of the admin menu. */
export type CountKey = 'general' | 'assignation' | 'applicants' | 'alerts' | 'hourAlerts' | 'timesheets';
export type NavigationCounts = Record<CountKey, number> & {
  /** Spec §9: communications = general + assignation + applicants. */
  communications: number;
};

/** One endpoint feeding one or more badges. */
export interface CountSource {
  id: string;
  /** The resource it reads: a write that changes it refreshes the badge (app/layout/RealtimeBridge.tsx). */
  reads: Resource;
  fetch: (signal: AbortSignal) => Promise<Partial<Record<CountKey, number>>>;
}

/** The endpoints behind the badges. Each arrives with its feature; adding one is one entry here. */
export const navigationCountSources: readonly CountSource[] = [
  {
    id: 'messages-unseen',
    reads: resourceOf('GET /messages/unseen'),
    fetch: async (signal) => {
      const { counts } = await call('GET /messages/unseen', { signal });
      return { general: counts.General, assignation: counts.Assignation, applicants: counts.Applicants };
    },
  },
  {
    // Spec §7, §9: the site alerts of the next 7 days.
    id: 'alerts',
    reads: resourceOf('GET /alerts/notifications'),
    fetch: async (signal) => {
      const { numberOfAlerts } = await call('GET /alerts/notifications', {
        query: { days: defaultAlertDays },
        signal,
      });
      return { alerts: numberOfAlerts };
    },
  },
  {
    // Spec §7, §9: the hour alerts of yesterday (the call's default start); the badge is the list's length.
    id: 'hour-alerts',
    reads: resourceOf('GET /time-entries/total-hours-worked-by-date'),
    fetch: async (signal) => {
      const alerts = await call('GET /time-entries/total-hours-worked-by-date', { signal });
      return { hourAlerts: alerts.length };
    },
  },
  {
    // Issue 26: the timesheets with a refused line to settle (the list's total, one row read).
    id: 'timesheets-refused',
    reads: resourceOf('GET /timesheets'),
    fetch: async (signal) => {
      const page = await call('GET /timesheets', { query: { refused: 'true', pageSize: 1 }, signal });
      return { timesheets: page.total };
    },
  },
];

export const navigationCountsKey = ['navigation-counts'] as const;

/** The key of the badge fed by `source`. */
export const navigationCountKey = (source: CountSource) => [...navigationCountsKey, source.id] as const;

/** Unread and alert counts for the admin menu; refetched on every navigation (spec §6, §9). */
export function useNavigationCounts(enabled: boolean, sources = navigationCountSources): NavigationCounts {
  const location = useLocation();
  const queryClient = useQueryClient();
  const results = useQueries({
    queries: sources.map((source) => ({
      queryKey: navigationCountKey(source),
      queryFn: ({ signal }: { signal: AbortSignal }) => source.fetch(signal),
      enabled,
      staleTime: 0,
      // A badge that cannot load stays hidden rather than interrupting with a toast.
      meta: { silent: true },
    })),
  });

  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refetching is what a navigation (new location key) triggers
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (enabled) void queryClient.refetchQueries({ queryKey: navigationCountsKey, type: 'active' });
  }, [location.key, enabled, queryClient]);

  const counts: Record<CountKey, number> = {
    general: 0,
    assignation: 0,
    applicants: 0,
    alerts: 0,
    hourAlerts: 0,
    timesheets: 0,
  };
  for (const result of results) {
    for (const [key, value] of Object.entries(result.data ?? {})) {
      if (typeof value === 'number' && Number.isFinite(value)) counts[key as CountKey] += value;
    }
  }
  return { ...counts, communications: counts.general + counts.assignation + counts.applicants };
}
