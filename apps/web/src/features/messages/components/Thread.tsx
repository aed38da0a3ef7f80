import type { Contact, Conversation, Message } from '@brigade/shared/messages';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconCheck,
  IconChecks,
  IconClock,
  IconSend,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PhoneLink } from '../../../components/ContactLink.tsx';
import { LoadingStack } from '../../../components/LoadingStack.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useAuth } from '../../../lib/auth.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { inboxPaths, isInboxType, markSeen, sendNow, threadQuery } from '../api.ts';
import { bubbleTime, contactLabel } from '../format.ts';
import classes from './Messages.module.css';
import { ReplyStatus } from './ReplyStatus.tsx';
import { SegmentCounter, SmsTextarea } from './SegmentCounter.tsx';

const pageSize = 50;

/** One conversation: bubbles by direction with time and delivery status, and the reply box. */
export function Thread({ id, backTo }: { id: string; backTo?: string }) {
  const [limit, setLimit] = useState(pageSize);
  const query = useQuery({ ...threadQuery(id, limit), placeholderData: (previous) => previous });
  const seen = useApiMutation({ ...markSeen(id), successKey: false, meta: { silent: true } });
  const unseen = query.data?.conversation.id === id ? query.data.conversation.unseenCount : 0;

  // Opening it, or a message arriving while it is open, marks it seen: the badges drop at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: marking is what a new unread count triggers
  useEffect(() => {
    if (unseen > 0 && !seen.isPending) seen.mutate();
  }, [unseen, id]);

  if (query.error && query.data?.conversation.id !== id) {
    return <QueryState query={query} backHref={backTo ?? '/messages/general'} />;
  }
  if (!query.data || query.data.conversation.id !== id) {
    return (
      <LoadingStack gap="sm" data-testid="thread-loading">
        <Skeleton height={48} />
        <Skeleton height={60} width="70%" />
        <Skeleton height={60} width="60%" ml="auto" />
      </LoadingStack>
    );
  }
  const { conversation, messages, total } = query.data;
  return (
    <Stack gap="sm" className={classes.thread} data-testid="thread">
      <ThreadHeader conversation={conversation} backTo={backTo} />
      <MessageList
        contact={conversation.contact}
        messages={messages}
        hasOlder={messages.length < total}
        loadingOlder={query.isFetching && limit > messages.length}
        onOlder={() => setLimit((current) => current + pageSize)}
      />
      <ReplyBox conversation={conversation} />
    </Stack>
  );
}

function ThreadHeader({ conversation, backTo }: { conversation: Conversation; backTo?: string }) {
  const { t } = useTranslation();
  const { contact } = conversation;
  const profile =
    contact.applicantId !== null
      ? `/applicants/${contact.applicantId}`
      : contact.userId === null
        ? null
        : contact.kind === 'supervisor'
          ? `/supervisor/${contact.userId}`
          : `/employees/${contact.userId}`;
  return (
    <Paper withBorder p="sm" radius="sm">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {backTo ? (
            <ActionIcon
              component={Link}
              to={backTo}
              variant="subtle"
              color="dark"
              aria-label={t('messages.backToConversations')}
            >
              <IconArrowLeft size={18} aria-hidden />
            </ActionIcon>
          ) : null}
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" lineClamp={1}>
              {contactLabel(contact, t)}
            </Title>
            <Group gap={6} wrap="wrap">
              <PhoneLink phone={contact.phone} />
              <Text size="xs" c="dimmed">
                {t(`languages.${contact.language}`)}
              </Text>
              {contact.optedOut ? (
                <Badge size="xs" color="red.9" variant="light">
                  {t('messages.optedOut')}
                </Badge>
              ) : null}
              {!contact.active ? (
                <Badge size="xs" color="gray" variant="light">
                  {t('messages.archived')}
                </Badge>
              ) : null}
            </Group>
          </Stack>
        </Group>
        {profile ? (
          <Anchor component={Link} to={profile} size="sm" style={{ flexShrink: 0 }}>
            {t('messages.profile')}
          </Anchor>
        ) : null}
      </Group>
    </Paper>
  );
}

function MessageList({
  contact,
  messages,
  hasOlder,
  loadingOlder,
  onOlder,
}: {
  contact: Contact;
  messages: Message[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onOlder: () => void;
}) {
  const { t } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  const newest = messages[0]?.id;
  // The newest message in view when the thread opens or a message arrives (not when older load).
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolling is what a new newest message triggers
  useLayoutEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [newest]);
  const oldestFirst = [...messages].reverse();
  return (
    <section className={classes.messages} aria-label={t('messages.messages')} data-testid="thread-messages">
      {hasOlder ? (
        <Button variant="subtle" size="xs" onClick={onOlder} loading={loadingOlder} mx="auto" display="block">
          {t('messages.olderMessages')}
        </Button>
      ) : null}
      {oldestFirst.length === 0 ? (
        <Text c="dimmed" ta="center" size="sm" py="lg">
          {t('messages.noMessageYet')}
        </Text>
      ) : null}
      <ol className={classes.bubbles}>
        {oldestFirst.map((message) => (
          <li key={message.id} className={classes.bubbleRow} data-direction={message.direction}>
            {message.reply ? (
              <div className={classes.replyColumn}>
                <Bubble message={message} />
                <ReplyStatus message={message} contact={contact} />
              </div>
            ) : (
              <Bubble message={message} />
            )}
          </li>
        ))}
      </ol>
      <div ref={end} />
    </section>
  );
}

function Bubble({ message }: { message: Message }) {
  const { t } = useTranslation();
  const me = useAuth().session?.user.id;
  return (
    <div
      className={classes.bubble}
      data-direction={message.direction}
      data-status={message.status}
      data-reply={message.reply?.status}
      data-testid="bubble"
    >
      <Text size="sm" className={classes.bubbleText}>
        {message.body}
      </Text>
      <Group gap={6} justify="flex-end" wrap="wrap" mt={4}>
        {message.direction === 'out' && message.author ? (
          <Text size="xs" className={classes.bubbleMeta} data-testid="bubble-author">
            {message.author.id === me ? t('messages.you') : message.author.name}
          </Text>
        ) : null}
        <Text size="xs" className={classes.bubbleMeta}>
          {bubbleTime(message)}
        </Text>
        {message.direction === 'out' ? <DeliveryStatus message={message} /> : null}
      </Group>
      {message.status === 'failed' && message.error ? (
        <Text size="xs" className={classes.bubbleError} role="note">
          {t('messages.failedBecause', { reason: message.error })}
        </Text>
      ) : null}
    </div>
  );
}

const statusIcons = {
  pending: IconClock,
  queued: IconClock,
  sent: IconCheck,
  delivered: IconChecks,
  failed: IconAlertCircle,
  received: IconCheck,
} as const;

function DeliveryStatus({ message }: { message: Message }) {
  const { t } = useTranslation();
  const Icon = statusIcons[message.status];
  return (
    <Group gap={2} wrap="nowrap" data-testid="delivery-status" data-status={message.status}>
      <Icon size={14} aria-hidden className={classes.bubbleMeta} />
      <Text size="xs" className={message.status === 'failed' ? classes.bubbleError : classes.bubbleMeta}>
        {t(`messages.status.${message.status}`)}
      </Text>
    </Group>
  );
}

/** The reply box; Ctrl+Enter (⌘+Enter) sends. Says why when this person cannot be texted. */
function ReplyBox({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const { contact } = conversation;
  const send = useApiMutation({
    ...sendNow,
    successKey: 'messages.replySent',
    onSuccess: () => setText(''),
  });
  const blocked = contact.optedOut
    ? t('errors.RECIPIENT_OPTED_OUT')
    : !contact.active
      ? t('errors.RECIPIENT_ARCHIVED')
      : null;
  if (blocked) {
    return (
      <Alert color="gray" icon={<IconAlertCircle size={18} aria-hidden />} data-testid="reply-blocked">
        {blocked}
      </Alert>
    );
  }
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const body = text.trim();
    if (!body || send.isPending) return;
    send.mutate({
      type: conversation.type,
      recipients: { conversationId: conversation.id },
      texts: { [contact.language]: body },
    });
  };
  const inbox = isInboxType(conversation.type) ? inboxPaths[conversation.type] : null;
  return (
    <form onSubmit={submit} className={classes.reply} data-testid="reply-form">
      <SmsTextarea
        label={t('messages.reply')}
        placeholder={t('messages.replyPlaceholder')}
        minRows={2}
        maxRows={8}
        value={text}
        onChange={setText}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
        }}
        counterId="reply-count"
        data-testid="reply-text"
      />
      <Group justify="space-between" mt={6} wrap="wrap" gap="xs">
        <SegmentCounter text={text} id="reply-count" />
        <Group gap="sm" wrap="nowrap" ml="auto">
          {inbox && contact.userId ? (
            <Anchor
              component={Link}
              to={`/messages/create?to=${contact.userId}&type=${conversation.type}`}
              size="xs"
            >
              {t('messages.composeLong')}
            </Anchor>
          ) : null}
          <Button
            type="submit"
            leftSection={<IconSend size={16} aria-hidden />}
            loading={send.isPending}
            disabled={!text.trim()}
            style={{ flexShrink: 0 }}
            data-testid="reply-send"
          >
            {t('messages.send')}
          </Button>
        </Group>
      </Group>
    </form>
  );
}
