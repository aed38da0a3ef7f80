import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { isInboxType, threadQuery } from '../api.ts';
import { Inbox } from '../components/Inbox.tsx';
import { Thread } from '../components/Thread.tsx';

/** messages/{id}: one conversation, beside the others of its type on a computer. */
export default function ConversationPage() {
  const { id = '' } = useParams();
  // The thread's first page: the same query the thread shows, so it is fetched once.
  const thread = useQuery(threadQuery(id, 50));
  const type = thread.data?.conversation.type;
  if (type && !isInboxType(type)) return <Thread id={id} />;
  return <Inbox type={type && isInboxType(type) ? type : 'General'} conversationId={id} />;
}
