import { notifications as toasts, useNotifications } from '@mantine/notifications';
import { Component, type ReactNode, Suspense, useEffect, useState } from 'react';
import { afterPaint } from '../lib/afterPaint.ts';
import { getToken } from '../lib/auth.ts';
import { preloadable } from '../lib/preloadable.ts';

// The toast container (and its transition code) loads with the first toast, not with the page.
const NotificationsHost = preloadable(() => import('./NotificationsHost.tsx'));

/**
 * Mounts the container once its code is there: had it suspended, its fallback, shown for a moment,
 * would have held back whatever the page revealed next by React's reveal throttle (300 ms). If the
 * code cannot be fetched, it mounts anyway and PlainToastsOnFailure takes over.
 */
const whenLoaded = (mount: () => void) => {
  void NotificationsHost.preload()
    .catch(() => undefined)
    .then(mount);
};

/**
 * If the container's code cannot be fetched (the connection dropped before the first toast), the
 * toasts still show, plainly, instead of the whole app failing.
 */
class PlainToastsOnFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <PlainToasts /> : this.props.children;
  }
}

function PlainToasts() {
  const { notifications } = useNotifications();
  return (
    <div
      style={{ position: 'fixed', bottom: 16, right: 16, left: 16, zIndex: 1000, display: 'grid', gap: 8 }}
    >
      {notifications.map((item) => (
        <div
          key={item.id}
          role="alert"
          style={{
            background: '#fff',
            borderLeft: '4px solid #c92a2a',
            padding: '12px 16px',
            boxShadow: '0 2px 8px #0003',
          }}
        >
          {item.message}
          <button
            type="button"
            aria-label="×"
            onClick={() => item.id && toasts.hide(item.id)}
            style={{ float: 'right', border: 0, background: 'none', cursor: 'pointer' }}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

export function ToastHost() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  const pending = notifications.length + queue.length > 0;

  useEffect(() => {
    if (pending) whenLoaded(() => setNeeded(true));
  }, [pending]);
  // Also once a signed-in page has painted (it is drawn in the same first render): the container
  // is then in place before the first toast, which often comes with a navigation (saved → the
  // list), instead of loading and mounting under it. The sign-in page keeps to its own code.
  useEffect(() => {
    if (!getToken()) return;
    return afterPaint(() => whenLoaded(() => setNeeded(true)));
  }, []);

  return needed ? (
    <PlainToastsOnFailure>
      <Suspense fallback={null}>
        <NotificationsHost />
      </Suspense>
    </PlainToastsOnFailure>
  ) : null;
}
