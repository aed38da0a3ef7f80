import type { Assignation, OrderDetail } from '@brigade/shared/orders';
import { ActionIcon, Anchor, Button, Group, Menu, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconDots, IconSend, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AssignationStatusBadge } from '../../../components/OrderBadges.tsx';
import { confirmAction, dangerColor } from '../../../lib/confirm.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { toast } from '../../../lib/toast.tsx';
import { answerAssignation, cancelAssignation, sendPendingMessages } from '../api.ts';

const open = (assignation: Assignation) =>
  assignation.status === 'pending' || assignation.status === 'confirmed';

/**
 * The order's assignations beside the candidates: who holds a place (confirmed, then asked) with
 * their text's state, the office's answers (confirm, declined, remove, replace), and one button to
 * send the pending texts the office has reviewed (spec §4).
 */
export function OrderAssignations({ order, closed }: { order: OrderDetail; closed: boolean }) {
  const { t } = useTranslation();
  const answer = useApiMutation({
    ...answerAssignation,
    successKey: false,
    onSuccess: (_, variables) =>
      toast.success(t(variables.answer === 'confirmed' ? 'matching.confirmed' : 'matching.declined')),
  });
  const cancel = useApiMutation({ ...cancelAssignation, successKey: 'matching.cancelled' });
  const send = useApiMutation({ ...sendPendingMessages, successKey: 'matching.sent' });
  const pendingTexts = order.assignations.flatMap((each) =>
    open(each) && each.message?.status === 'pending' ? [each.message.id] : [],
  );
  const holding = order.assignations.filter(open);
  const history = order.assignations.filter((each) => !open(each));

  const onCancel = async (assignation: Assignation) => {
    const name = `${assignation.employee.firstName} ${assignation.employee.lastName}`;
    const ok = await confirmAction({
      title: t('matching.cancelTitle', { name }),
      message: t('matching.cancelMessage'),
      confirmLabel: t('matching.cancel'),
      cancelLabel: t('matching.keep'),
      danger: true,
    });
    if (ok) cancel.mutate(assignation.id);
  };

  const row = (assignation: Assignation) => (
    <Group
      key={assignation.id}
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      data-testid="order-assignation"
    >
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Anchor
          component={Link}
          to={`/employees/${assignation.employee.id}`}
          size="sm"
          fw={600}
          truncate="end"
        >
          {assignation.employee.lastName}, {assignation.employee.firstName}
        </Anchor>
        <Text size="xs" c="dimmed">
          {assignation.message
            ? `${t('matching.message')} : ${t(`matching.messageStatuses.${assignation.message.status}`, {
                defaultValue: assignation.message.status,
              })}`
            : null}
          {assignation.answeredAt
            ? ` · ${formatDateTime(assignation.answeredAt)} ${t(assignation.answeredBy === 'sms' ? 'matching.bySms' : 'matching.byOffice')}`
            : null}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap">
        <AssignationStatusBadge status={assignation.status} />
        {!closed && assignation.status === 'pending' ? (
          <ActionIcon
            variant="light"
            color="green"
            aria-label={`${t('matching.confirm')} — ${assignation.employee.firstName} ${assignation.employee.lastName}`}
            onClick={() => answer.mutate({ id: assignation.id, answer: 'confirmed' })}
            loading={answer.isPending && answer.variables?.id === assignation.id}
          >
            <IconCheck size={16} aria-hidden />
          </ActionIcon>
        ) : null}
        {!closed && open(assignation) ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`${t('common.moreActions')} — ${assignation.employee.firstName} ${assignation.employee.lastName}`}
              >
                <IconDots size={16} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {assignation.status === 'pending' ? (
                <Menu.Item onClick={() => answer.mutate({ id: assignation.id, answer: 'declined' })}>
                  {t('matching.decline')}
                </Menu.Item>
              ) : null}
              <Menu.Item component={Link} to={`/matching/create/${order.id}/${assignation.id}`}>
                {t('matching.replaceAction')}
              </Menu.Item>
              <Menu.Item
                color={dangerColor}
                leftSection={<IconX size={14} aria-hidden />}
                onClick={() => onCancel(assignation)}
              >
                {t('matching.cancel')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>
    </Group>
  );

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('matching.assignations')}
        </Title>
        {holding.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('matching.noAssignations')}
          </Text>
        ) : (
          holding.map(row)
        )}
        {pendingTexts.length > 0 && !closed ? (
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            onClick={() => send.mutate(pendingTexts)}
            loading={send.isPending}
            data-testid="send-pending"
          >
            {t('matching.sendPending', { count: pendingTexts.length })}
          </Button>
        ) : null}
        {history.length > 0 ? (
          <Stack gap={6} mt="xs">
            {history.map(row)}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
