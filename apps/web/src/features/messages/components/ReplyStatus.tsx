import type { AssignationListItem } from '@brigade/shared/assignations';
import type { Contact, Message } from '@brigade/shared/messages';
import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconCheck, IconChecks, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SoftBadge } from '../../../components/SoftBadge.tsx';
import { formatDateRange } from '../../../lib/format.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { toast } from '../../../lib/toast.tsx';
import { answerFromReply, dismissReply, pendingOffersQuery } from '../api.ts';
import classes from './Messages.module.css';

/**
 * Under a worker's reply in an Assignation thread: how it was read ("Lue comme OUI : confirmée"),
 * who handled it, or — left for the office — the Confirm / Decline buttons of their pending offers
 * and "Nothing to do".
 */
export function ReplyStatus({ message, contact }: { message: Message; contact: Contact }) {
  const { t } = useTranslation();
  const reply = message.reply;
  if (!reply) return null;
  if (reply.status === 'to_handle') return <ReplyToHandle message={message} contact={contact} />;
  const by = reply.handledBy?.name;
  const key = by ? `messages.replies.handled.${reply.status}` : `messages.replies.read.${reply.status}`;
  return (
    <Group gap={4} wrap="nowrap" className={classes.replyStatus} data-testid="reply-status">
      <IconChecks size={14} aria-hidden />
      <Text size="xs">{t(key, { name: by })}</Text>
    </Group>
  );
}

function ReplyToHandle({ message, contact }: { message: Message; contact: Contact }) {
  const { t } = useTranslation();
  const offers = useQuery({ ...pendingOffersQuery(contact.userId ?? ''), enabled: contact.userId !== null });
  const answer = useApiMutation({
    ...answerFromReply,
    successKey: false,
    onSuccess: (_, input) =>
      toast.success(
        t(input.answer === 'confirmed' ? 'messages.replies.confirmed' : 'messages.replies.declined'),
      ),
  });
  const dismiss = useApiMutation({ ...dismissReply, successKey: 'messages.replies.dismissed' });
  const busy = answer.isPending || dismiss.isPending;
  const items = offers.data?.items ?? [];
  return (
    <Paper
      component="section"
      className={classes.toHandle}
      aria-label={t('messages.replies.toHandle')}
      data-testid="reply-to-handle"
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <SoftBadge color="orange" dot>
            {t('messages.replies.toHandle')}
          </SoftBadge>
          <Text size="xs" c="dimmed">
            {t('messages.replies.toHandleHelp')}
          </Text>
        </Group>
        {contact.userId !== null && offers.isPending ? (
          <Skeleton height={30} />
        ) : items.length === 0 ? (
          <Text size="sm" data-testid="no-pending-offer">
            {t('messages.replies.noOffer')}
          </Text>
        ) : (
          items.map((offer) => (
            <Offer
              key={offer.id}
              offer={offer}
              busy={busy}
              loading={
                answer.isPending && answer.variables?.assignationId === offer.id
                  ? answer.variables.answer
                  : null
              }
              onAnswer={(choice) =>
                answer.mutate({ assignationId: offer.id, answer: choice, replyId: message.id })
              }
            />
          ))
        )}
        <Group justify="flex-end">
          <Button
            size="xs"
            variant="default"
            onClick={() => dismiss.mutate(message.id)}
            loading={dismiss.isPending}
            disabled={busy && !dismiss.isPending}
            data-testid="reply-dismiss"
          >
            {t('messages.replies.dismiss')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Offer({
  offer,
  busy,
  loading,
  onAnswer,
}: {
  offer: AssignationListItem;
  busy: boolean;
  loading: 'confirmed' | 'declined' | null;
  onAnswer: (answer: 'confirmed' | 'declined') => void;
}) {
  const { t } = useTranslation();
  const what = `${offer.client.name} · ${offer.site.name}, ${formatDateRange(offer.order.startsOn, offer.order.endsOn)}`;
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" data-testid="pending-offer">
      <Text size="sm" fw={500} style={{ minWidth: 0 }}>
        {what}
      </Text>
      <Group gap={6} wrap="nowrap">
        <Button
          size="xs"
          leftSection={<IconCheck size={14} aria-hidden />}
          aria-label={`${t('messages.replies.confirm')} — ${what}`}
          loading={loading === 'confirmed'}
          disabled={busy && loading !== 'confirmed'}
          onClick={() => onAnswer('confirmed')}
          data-testid="reply-confirm"
        >
          {t('messages.replies.confirm')}
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconX size={14} aria-hidden />}
          aria-label={`${t('messages.replies.decline')} — ${what}`}
          loading={loading === 'declined'}
          disabled={busy && loading !== 'declined'}
          onClick={() => onAnswer('declined')}
          data-testid="reply-decline"
        >
          {t('messages.replies.decline')}
        </Button>
      </Group>
    </Group>
  );
}
