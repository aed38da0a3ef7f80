import type { Resource } from '@brigade/shared/changes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  navigationCountKey,
  navigationCountSources,
  navigationCountsKey,
} from '../../features/notifications/useNavigationCounts.ts';
import { refreshResources } from '../../lib/queries.ts';
import { onServerEvent, onSocketConnect } from '../../lib/realtime.ts';

/** What the tab refreshes when its socket (re)connects: what changes without this tab's doing. */
const refreshedOnConnect: readonly Resource[] = [
  'conversations',
  'messages',
  'orders',
  'assignations',
  'overview',
];

/**
 * Keeps what an admin sees in step with every write, whoever made it: the server's `changed` event
 * names the resources a write changed (the map of `@brigade/shared/changes`, the one the tab that
 * made the write refreshes through), and this tab refreshes their queries and the menu's badges
 * that read them, without a reload. What comes within a quarter of a second (a stream of workers'
 * hours) is refreshed once.
 */
export function RealtimeBridge() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const pending = new Set<Resource>();
    const refresh = (resources: readonly Resource[]) => {
      for (const resource of resources) pending.add(resource);
      // Gathered, not put off: under a steady stream of writes the page still refreshes.
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        const changed = [...pending];
        pending.clear();
        void refreshResources(queryClient, changed);
        for (const source of navigationCountSources) {
          if (changed.includes(source.reads)) {
            void queryClient.invalidateQueries({ queryKey: navigationCountKey(source) });
          }
        }
      }, 250);
    };
    const stops = [
      onServerEvent('changed', (event) => refresh(event.resources)),
      // Connected, or back after a lost network: what happened meanwhile came with no event.
      onSocketConnect(() => {
        refresh(refreshedOnConnect);
        void queryClient.invalidateQueries({ queryKey: navigationCountsKey });
      }),
    ];
    return () => {
      clearTimeout(timer);
      for (const stop of stops) stop();
    };
  }, [queryClient]);
  return null;
}
