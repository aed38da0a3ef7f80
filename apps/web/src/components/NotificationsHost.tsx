import { useMediaQuery } from '@mantine/hooks';
import { Notifications, notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { isPhoneScreen, phoneQuery } from '../lib/phoneLayout.ts';
import { toastDuration } from '../lib/toast.tsx';
import classes from './NotificationsHost.module.css';

/**
 * Toasts bottom right on a desktop. On a phone they come at the top, over the header, where the
 * worker's next tap (a day's card, Save at the bottom of a form) never is; a tap goes through them to
 * what is under them (only the close button takes it), and a swipe of the page sends them away. A
 * toast that caught the finger would also have held itself open: Mantine pauses a toast's countdown
 * while it is hovered, and a phone's tap leaves the pointer where it tapped.
 */
export default function NotificationsHost() {
  const phone = useMediaQuery(phoneQuery, isPhoneScreen(), { getInitialValueInEffect: false });

  useEffect(() => {
    if (!phone) return;
    // The person's own gestures only: the app's own scrolling (to the top after a navigation) keeps
    // the toast that came with it.
    const dismiss = () => notifications.clean();
    window.addEventListener('touchmove', dismiss, { passive: true });
    window.addEventListener('wheel', dismiss, { passive: true });
    return () => {
      window.removeEventListener('touchmove', dismiss);
      window.removeEventListener('wheel', dismiss);
    };
  }, [phone]);

  return (
    <Notifications
      position={phone ? 'top-center' : 'bottom-right'}
      autoClose={toastDuration}
      limit={phone ? 2 : 4}
      zIndex={1000}
      classNames={phone ? { root: classes.phone } : undefined}
    />
  );
}
