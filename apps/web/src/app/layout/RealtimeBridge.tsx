import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { navigationCountsKey } from '../../features/notifications/useNavigationCounts.ts';
import { onServerEvent, onSocketConnect } from '../../lib/realtime.ts';

/**
 * Keeps what an admin sees in step with the server's events: a message that arrives or changes
 * status, or a conversation someone opened, refreshes the conversations, the open thread, the pending lists and the menu's badges,
 * without a reload. Refreshes that come in a burst (a batch of 500) are gathered into one.
 */
export function RealtimeBridge() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: ['conversations'] });
        void queryClient.invalidateQueries({ queryKey: ['messages'] });
        void queryClient.invalidateQueries({ queryKey: navigationCountsKey });
      }, 50);
    };
    // An assignation answered (a worker's OUI by text), asked or cancelled: the orders show their
    // coverage and their workers' texts, the matching list its rows.
    let assignationTimer: ReturnType<typeof setTimeout> | undefined;
    const refreshAssignations = () => {
      clearTimeout(assignationTimer);
      assignationTimer = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: ['orders'] });
        void queryClient.invalidateQueries({ queryKey: ['assignations'] });
      }, 50);
    };
    const stops = [
      onServerEvent('new_message', refresh),
      onServerEvent('message_updated', refresh),
      onServerEvent('conversation_seen', refresh),
      onServerEvent('assignation_changed', refreshAssignations),
      onServerEvent('message_updated', refreshAssignations),
      onSocketConnect(refresh),
      onSocketConnect(refreshAssignations),
    ];
    return () => {
      clearTimeout(timer);
      clearTimeout(assignationTimer);
      for (const stop of stops) stop();
    };
  }, [queryClient]);
  return null;
}
