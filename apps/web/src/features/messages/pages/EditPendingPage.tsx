import { formatPhone } from '@brigade/shared/format';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DangerButton } from '../../../components/DangerButton.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { confirmAction } from '../../../lib/confirm.tsx';
import { useApiMutation } from '../../../lib/queries.ts';
import { deletePending, inboxPaths, isInboxType, messageQuery, sendPending, updatePending } from '../api.ts';
import { reportOutcome } from '../components/PendingList.tsx';
import { SegmentCounter, SmsTextarea } from '../components/SegmentCounter.tsx';
import { contactLabel } from '../format.ts';

/** messages/edit/{id}: a pending message's text, changed, sent or deleted before it goes. */
export default function EditPendingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const query = useQuery(messageQuery(id));
  const [text, setText] = useState('');
  const message = query.data;
  useEffect(() => {
    if (message) setText(message.body);
  }, [message]);
  const back =
    message && isInboxType(message.type) ? `${inboxPaths[message.type]}?tab=pending` : '/messages/general';
  const save = useApiMutation({ ...updatePending(id), onSuccess: () => navigate(back) });
  const send = useApiMutation({
    ...sendPending,
    successKey: false,
    onSuccess: (outcome) => {
      reportOutcome(outcome, t);
      navigate(back);
    },
  });
  const remove = useApiMutation({
    ...deletePending,
    successKey: 'messages.deleted',
    onSuccess: () => navigate(back),
  });

  if (!message) return <QueryState query={query} backHref="/messages/general" />;
  const busy = save.isPending || send.isPending || remove.isPending;
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{t('titles.messagesEdit')}</Title>
      {message.status !== 'pending' ? (
        <Alert color="gray" data-testid="already-sent">
          {t('errors.MESSAGE_NOT_PENDING')}{' '}
          <Anchor component={Link} to={`/messages/${message.conversationId}`}>
            {t('messages.openConversation')}
          </Anchor>
        </Alert>
      ) : (
        <Paper withBorder p="md" radius="sm">
          <Stack gap="sm">
            <Text size="sm">
              {t('messages.to', {
                phone: `${contactLabel(message.contact, t)} (${formatPhone(message.phone)})`,
              })}{' '}
              · {t(`messages.types.${message.type}`)} · {t(`languages.${message.language}`)}
            </Text>
            <SmsTextarea
              label={t('messages.text.label')}
              value={text}
              onChange={setText}
              error={text.trim() ? undefined : t('validation.required')}
              counterId="edit-count"
              data-testid="edit-text"
            />
            <SegmentCounter text={text} id="edit-count" />
            <Group justify="space-between" wrap="wrap" gap="sm">
              <DangerButton
                variant="default"
                disabled={busy}
                loading={remove.isPending}
                onClick={async () => {
                  if (
                    await confirmAction({
                      title: t('messages.deleteTitle', { count: 1 }),
                      message: t('messages.deleteMessage'),
                      confirmLabel: t('common.delete'),
                      danger: true,
                    })
                  )
                    remove.mutate([id]);
                }}
              >
                {t('common.delete')}
              </DangerButton>
              <Group gap="sm">
                <Button
                  variant="light"
                  disabled={busy || !text.trim() || text === message.body}
                  loading={save.isPending}
                  onClick={() => save.mutate(text.trim())}
                  data-testid="edit-save"
                >
                  {t('common.save')}
                </Button>
                <Button
                  leftSection={<IconSend size={16} aria-hidden />}
                  disabled={busy || !text.trim() || text !== message.body}
                  loading={send.isPending}
                  onClick={() => send.mutate([id])}
                  title={text !== message.body ? t('messages.saveFirst') : undefined}
                  data-testid="edit-send"
                >
                  {t('messages.sendNow')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
