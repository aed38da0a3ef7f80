import { useLocation } from 'react-router';
import { inboxTypeOf } from '../api.ts';
import { Inbox } from '../components/Inbox.tsx';

/** messages/general, messages/assignation, messages/applicants. */
export default function InboxPage() {
  const { pathname } = useLocation();
  const type = inboxTypeOf(pathname);
  // A new inbox (another type) starts with its own list state.
  return <Inbox key={type} type={type} />;
}
