import { commentTitleMax, type OverviewComment } from '@brigade/shared/overview';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GrowingTextarea } from '../../../components/GrowingTextarea.tsx';
import { confirmAction, dangerColor } from '../../../lib/confirm.tsx';
import { useApiMutation } from '../../../lib/queries.ts';
import { createComment, deleteComment, updateComment } from '../api.ts';
import classes from './Overview.module.css';

/** Where a new bubble goes, and how to say it. */
export interface CommentTarget {
  siteId?: string;
  orderId?: string;
  day?: string;
  label: string;
}

/**
 * Adds a bubble to a site, an order or a day, or edits / removes one (after a confirmation). The
 * title counts down to its 60 characters (spec §5) as it is typed.
 */
export function CommentDialog({
  target,
  comment,
  onClose,
}: {
  target: CommentTarget | null;
  comment: OverviewComment | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const opened = Boolean(target || comment);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  useEffect(() => {
    setTitle(comment?.title ?? '');
    setBody(comment?.body ?? '');
  }, [comment]);
  const done = () => {
    setTitle('');
    setBody('');
    onClose();
  };
  const create = useApiMutation({ ...createComment, successKey: 'overview.comment.saved', onSuccess: done });
  const update = useApiMutation({ ...updateComment, successKey: 'overview.comment.saved', onSuccess: done });
  const remove = useApiMutation({
    ...deleteComment,
    successKey: 'overview.comment.deleted',
    onSuccess: done,
  });
  const valid = title.trim().length > 0 && title.length <= commentTitleMax;

  const save = () => {
    if (!valid) return;
    if (comment) update.mutate({ id: comment.id, title, body: body.trim() || null });
    else if (target) {
      create.mutate({
        title,
        body: body.trim() || null,
        siteId: target.siteId ?? null,
        orderId: target.orderId ?? null,
        day: target.day ?? null,
      });
    }
  };
  const onDelete = async () => {
    if (!comment) return;
    const ok = await confirmAction({
      title: t('overview.comment.deleteTitle', { title: comment.title }),
      confirmLabel: t('overview.comment.delete'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (ok) remove.mutate(comment.id);
  };

  return (
    <Modal
      opened={opened}
      onClose={done}
      title={t(comment ? 'overview.comment.editTitle' : 'overview.comment.newTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack gap="sm">
          {target ? (
            <Text size="sm" c="dimmed">
              {t('overview.comment.pinnedTo', { where: target.label })}
            </Text>
          ) : null}
          <TextInput
            label={t('overview.comment.title')}
            required
            value={title}
            maxLength={commentTitleMax}
            onChange={(event) => setTitle(event.currentTarget.value)}
            description={`${title.length}/${commentTitleMax}`}
            data-autofocus
            data-testid="comment-title"
          />
          <GrowingTextarea
            label={t('overview.comment.body')}
            value={body}
            maxLength={1000}
            minRows={2}
            onChange={(event) => setBody(event.currentTarget.value)}
          />
          <Group justify="space-between">
            {comment ? (
              <Button variant="outline" color={dangerColor} onClick={onDelete} loading={remove.isPending}>
                {t('overview.comment.delete')}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={done}>
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                disabled={!valid}
                loading={create.isPending || update.isPending}
                data-testid="comment-save"
              >
                {t('overview.comment.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A bubble on the wall: its title big enough to read from the room; a click opens it. */
export function Bubble({
  comment,
  onOpen,
}: {
  comment: OverviewComment;
  onOpen: (comment: OverviewComment) => void;
}) {
  return (
    <button
      type="button"
      className={classes.bubble}
      onClick={() => onOpen(comment)}
      title={comment.body ?? undefined}
      data-testid="overview-bubble"
    >
      <IconMessage size={14} aria-hidden style={{ verticalAlign: -2 }} /> {comment.title}
    </button>
  );
}
