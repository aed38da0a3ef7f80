import type { Conversation, InboxType } from '@brigade/shared/messages';
import {
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LoadingStack } from '../../../components/LoadingStack.tsx';
import { SoftBadge } from '../../../components/SoftBadge.tsx';
import { type ListStateApi, useListState } from '../../../lib/listState.ts';
import { conversationsQuery } from '../api.ts';
import { contactLabel, shortTime } from '../format.ts';
import classes from './Messages.module.css';

/** The conversations of a type: search by name or phone, unread first or newest first. */
export function ConversationList({ type, selectedId }: { type: InboxType; selectedId?: string }) {
  const { t } = useTranslation();
  const list = useListState({ sort: 'unread', pageSize: 50 });
  const query = useQuery(
    conversationsQuery({ type, q: list.q, sort: list.sort, page: 1, pageSize: list.page * 50 }),
  );
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  return (
    <Stack gap="xs" className={classes.listColumn}>
      <TextInput
        aria-label={t('messages.searchConversations')}
        placeholder={t('messages.searchConversations')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={list.searchText}
        onChange={(event) => list.setSearchText(event.currentTarget.value)}
        data-testid="conversation-search"
      />
      <SegmentedControl
        size="xs"
        fullWidth
        aria-label={t('messages.order')}
        value={list.sort}
        onChange={(sort) => list.setSort(sort, 'asc')}
        data={[
          { value: 'unread', label: t('messages.unreadFirst') },
          { value: 'recent', label: t('messages.newestFirst') },
        ]}
      />
      {query.isPending ? (
        <LoadingStack gap={6}>
          {[0, 1, 2, 3, 4].map((key) => (
            <Skeleton key={key} height={58} radius="sm" />
          ))}
        </LoadingStack>
      ) : query.isError ? (
        <Paper withBorder p="md" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('messages.listFailed')}</Text>
            <Button size="xs" variant="default" onClick={() => query.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Paper>
      ) : items.length === 0 ? (
        <EmptyConversations list={list} />
      ) : (
        <nav aria-label={t('messages.conversations')}>
          <ul className={classes.conversationList} data-testid="conversation-list">
            {items.map((conversation) => (
              <li key={conversation.id}>
                <ConversationItem conversation={conversation} selected={conversation.id === selectedId} />
              </li>
            ))}
          </ul>
          {items.length < total ? (
            <Button
              variant="subtle"
              fullWidth
              mt="xs"
              onClick={() => list.setPage(list.page + 1)}
              rightSection={query.isFetching ? <Loader size={14} /> : null}
            >
              {t('messages.showMore', { shown: items.length, total })}
            </Button>
          ) : null}
        </nav>
      )}
    </Stack>
  );
}

function EmptyConversations({ list }: { list: ListStateApi }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" data-testid="conversations-empty">
      <Stack gap="xs" align="center">
        <Text fw={600}>{t(list.q ? 'list.noResults' : 'messages.noConversations')}</Text>
        {list.q ? (
          <Button variant="default" size="xs" onClick={list.reset}>
            {t('list.resetFilters')}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}

function ConversationItem({ conversation, selected }: { conversation: Conversation; selected: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { contact, lastMessage, unseenCount, toHandleCount } = conversation;
  const unread = unseenCount > 0;
  return (
    <UnstyledButton
      component={Link}
      // The list's search and order stay in the address: the list is the same beside the thread.
      to={`/messages/${conversation.id}${location.search}`}
      className={classes.conversationItem}
      data-selected={selected || undefined}
      data-unread={unread || undefined}
      data-to-handle={toHandleCount > 0 || undefined}
      aria-current={selected ? 'page' : undefined}
      data-testid="conversation-item"
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        {/* Two lines before it is cut: a long last name ("Lévesque-Bouchard-Tremblay, Marie") no
            longer hides the first name. */}
        <Text
          size="sm"
          fw={unread ? 700 : 500}
          lineClamp={2}
          style={{ minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {unread ? <span className={classes.unreadDot} aria-hidden /> : null}
          {contactLabel(contact, t)}
        </Text>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {shortTime(conversation.lastMessageAt)}
        </Text>
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="xs" c={unread ? undefined : 'dimmed'} truncate="end" style={{ minWidth: 0 }}>
          {lastMessage
            ? `${lastMessage.direction === 'out' ? t('messages.youPrefix') : ''}${lastMessage.body}`
            : t('messages.noMessageYet')}
        </Text>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {toHandleCount > 0 ? (
            <SoftBadge color="orange" size="xs" data-testid="to-handle-marker">
              {toHandleCount > 1
                ? t('messages.replies.toHandleCount', { count: toHandleCount })
                : t('messages.replies.toHandleShort')}
            </SoftBadge>
          ) : null}
          {unread ? (
            // A circle holds one digit: from 10 the badge widens instead of cutting "12" to "1".
            <Badge
              size="sm"
              circle={unseenCount < 10}
              color="brand"
              aria-label={t('messages.unreadCount', { count: unseenCount })}
            >
              {unseenCount > 99 ? '99+' : unseenCount}
            </Badge>
          ) : contact.optedOut ? (
            <Badge size="xs" variant="light" color="gray">
              {t('messages.optedOutShort')}
            </Badge>
          ) : null}
        </Group>
      </Group>
    </UnstyledButton>
  );
}
