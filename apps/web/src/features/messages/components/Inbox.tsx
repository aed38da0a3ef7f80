import type { InboxType } from '@brigade/shared/messages';
import { Badge, Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMessagePlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { isPhoneScreen, phoneQuery } from '../../../lib/phoneLayout.ts';
import { inboxPaths, pendingQuery } from '../api.ts';
import { ConversationList } from './ConversationList.tsx';
import classes from './Messages.module.css';
import { PendingList } from './PendingList.tsx';
import { Thread } from './Thread.tsx';

/**
 * The inbox of one type: its conversations beside the open one on a computer; on a phone, the list,
 * then the conversation alone (with a way back). A "Pending" tab holds the drafts of that type.
 */
export function Inbox({ type, conversationId }: { type: InboxType; conversationId?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const onPhone = useMediaQuery(phoneQuery, isPhoneScreen()) ?? false;
  const tab = searchParams.get('tab') === 'pending' ? 'pending' : 'conversations';
  const pending = useQuery(pendingQuery(type));
  const pendingCount = pending.data?.total ?? 0;
  const listPath = `${inboxPaths[type]}${location.search}`;

  if (onPhone && conversationId) return <Thread id={conversationId} backTo={listPath} />;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1}>{t(`titles.messages${type}`)}</Title>
        <Button
          component={Link}
          to={`/messages/create?type=${type}`}
          leftSection={<IconMessagePlus size={18} aria-hidden />}
          data-testid="compose"
        >
          {t('titles.messagesCreate')}
        </Button>
      </Group>
      <Tabs
        value={tab}
        onChange={(value) =>
          setSearchParams(
            (params) => {
              if (value === 'pending') params.set('tab', 'pending');
              else params.delete('tab');
              return params;
            },
            { replace: true },
          )
        }
        keepMounted={false}
      >
        <Tabs.List mb="sm">
          <Tabs.Tab value="conversations">{t('messages.conversations')}</Tabs.Tab>
          <Tabs.Tab
            value="pending"
            rightSection={
              pendingCount > 0 ? (
                <Badge size="sm" variant="light" data-testid="pending-count">
                  {pendingCount}
                </Badge>
              ) : null
            }
            data-testid="pending-tab"
          >
            {t('messages.pending')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="conversations">
          {onPhone ? (
            <ConversationList type={type} />
          ) : (
            <div className={classes.panes}>
              <ConversationList type={type} selectedId={conversationId} />
              <div className={classes.threadPane}>
                {conversationId ? (
                  <Thread id={conversationId} />
                ) : (
                  <Paper withBorder p="xl" className={classes.choose}>
                    <Text c="dimmed" ta="center">
                      {t('messages.chooseConversation')}
                    </Text>
                  </Paper>
                )}
              </div>
            </div>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="pending">
          <PendingList type={type} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
