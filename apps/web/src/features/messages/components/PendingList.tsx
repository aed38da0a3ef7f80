import { formatPhone } from '@brigade/shared/format';
import type { BatchOutcome, InboxType } from '@brigade/shared/messages';
import { Anchor, Button, Checkbox, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconSend, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingStack } from '../../../components/LoadingStack.tsx';
import { confirmAction, dangerColor } from '../../../lib/confirm.tsx';
import { useApiMutation } from '../../../lib/queries.ts';
import { toast } from '../../../lib/toast.tsx';
import { deletePending, pendingQuery, sendPending } from '../api.ts';
import { contactLabel, shortTime } from '../format.ts';
import classes from './Messages.module.css';

/** Says what a batch did: how many went, and who got nothing and why. */
export function reportOutcome(outcome: BatchOutcome, t: TFunction, what: 'sent' | 'saved' = 'sent') {
  const sent = t(what === 'sent' ? 'messages.queuedCount' : 'messages.savedCount', {
    count: outcome.created.length,
  });
  if (outcome.refused.length === 0) {
    toast.success(sent);
    return;
  }
  const refused = outcome.refused
    .slice(0, 5)
    .map((r) => `${r.name ?? (r.phone ? formatPhone(r.phone) : '')} — ${t(`errors.${r.reason}`)}`)
    .join('\n');
  const more =
    outcome.refused.length > 5 ? `\n${t('messages.andMore', { count: outcome.refused.length - 5 })}` : '';
  toast.warning(`${refused}${more}`, {
    title: `${sent} ${t('messages.refusedCount', { count: outcome.refused.length })}`,
  });
}

/** The drafts of a type: select some (or all) and send them, or delete them. */
export function PendingList({ type }: { type: InboxType }) {
  const { t } = useTranslation();
  const query = useQuery(pendingQuery(type));
  const items = useMemo(() => query.data?.items ?? [], [query.data]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const chosen = items.filter((item) => selected.has(item.id)).map((item) => item.id);
  const allChosen = items.length > 0 && chosen.length === items.length;
  const send = useApiMutation({
    ...sendPending,
    successKey: false,
    onSuccess: (outcome) => {
      reportOutcome(outcome, t);
      setSelected(new Set());
    },
  });
  const remove = useApiMutation({
    ...deletePending,
    successKey: 'messages.deleted',
    onSuccess: () => setSelected(new Set()),
  });

  if (query.isPending) {
    return (
      <LoadingStack gap={6}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={64} radius="sm" />
        ))}
      </LoadingStack>
    );
  }
  if (items.length === 0) {
    return (
      <Paper withBorder p="lg" data-testid="pending-empty">
        <Text ta="center" fw={600}>
          {t('messages.noPending')}
        </Text>
        <Text ta="center" size="sm" c="dimmed">
          {t('messages.noPendingHelp')}
        </Text>
      </Paper>
    );
  }
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <Stack gap="xs" data-testid="pending-list">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Checkbox
          label={t('messages.selectAll', { count: items.length })}
          checked={allChosen}
          indeterminate={chosen.length > 0 && !allChosen}
          onChange={(event) =>
            setSelected(new Set(event.currentTarget.checked ? items.map((item) => item.id) : []))
          }
          data-testid="pending-select-all"
        />
        <Group gap="xs">
          <Button
            variant="default"
            color={dangerColor}
            leftSection={<IconTrash size={16} aria-hidden />}
            disabled={chosen.length === 0}
            loading={remove.isPending}
            onClick={async () => {
              if (
                await confirmAction({
                  title: t('messages.deleteTitle', { count: chosen.length }),
                  message: t('messages.deleteMessage'),
                  confirmLabel: t('common.delete'),
                  danger: true,
                })
              )
                remove.mutate(chosen);
            }}
          >
            {t('common.delete')}
          </Button>
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            disabled={chosen.length === 0}
            loading={send.isPending}
            onClick={() => send.mutate(chosen)}
            data-testid="pending-send"
          >
            {t('messages.sendSelected', { count: chosen.length })}
          </Button>
        </Group>
      </Group>
      <ul className={classes.conversationList}>
        {items.map((item) => (
          <li key={item.id}>
            <Paper withBorder p="sm" radius="sm" data-testid="pending-item">
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Checkbox
                  aria-label={t('messages.selectOne', { name: contactLabel(item.contact, t) })}
                  checked={selected.has(item.id)}
                  onChange={(event) => toggle(item.id, event.currentTarget.checked)}
                  mt={2}
                />
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" fw={600} truncate="end">
                      {contactLabel(item.contact, t)}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                      {shortTime(item.createdAt)}
                    </Text>
                  </Group>
                  <Text size="sm" className={classes.bubbleText} lineClamp={3}>
                    {item.body}
                  </Text>
                  <Group gap="sm">
                    <Text size="xs" c="dimmed">
                      {t(`languages.${item.language}`)}
                    </Text>
                    {item.contact.optedOut ? (
                      <Text size="xs" c="red.9">
                        {t('messages.optedOut')}
                      </Text>
                    ) : null}
                    <Anchor component={Link} to={`/messages/edit/${item.id}`} size="xs">
                      {t('common.edit')}
                    </Anchor>
                  </Group>
                </Stack>
              </Group>
            </Paper>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
