import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';

// The toast container (and its transition code) loads with the first toast, not with the page.
const NotificationsHost = lazy(() => import('./NotificationsHost.tsx'));

export function ToastHost() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  const pending = notifications.length + queue.length > 0;

  useEffect(() => {
    if (pending) setNeeded(true);
  }, [pending]);

  return needed ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}
