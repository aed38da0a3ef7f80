import { Notifications } from '@mantine/notifications';
import { toastDuration } from '../lib/toast.tsx';

export default function NotificationsHost() {
  return <Notifications position="bottom-right" autoClose={toastDuration} limit={4} zIndex={1000} />;
}
