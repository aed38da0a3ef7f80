import type { Assignation, OrderDetail } from '@brigade/shared/orders';
import { timeToMinutes } from '@brigade/shared/shift-times';
import { Anchor, Badge, Button, Group, List, Text } from '@mantine/core';
import { IconCopy, IconPencil, IconUserSearch, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PhoneLink } from '../../../components/ContactLink.tsx';
import { DangerButton } from '../../../components/DangerButton.tsx';
import { DetailCard, DetailPage } from '../../../components/DetailPage.tsx';
import { GrowingTextarea } from '../../../components/GrowingTextarea.tsx';
import {
  AssignationStatusBadge,
  Coverage,
  OrderStatusBadge,
  PriorityBadge,
} from '../../../components/OrderBadges.tsx';
import { OrderTimeline } from '../../../components/OrderTimeline.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { RecordTable } from '../../../components/RecordTable.tsx';
import { confirmAction } from '../../../lib/confirm.tsx';
import { formatDate, formatDateRange, formatDateTime, formatHours } from '../../../lib/format.ts';
import { localName } from '../../../lib/i18n.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { cancelOrder, orderQuery } from '../api.ts';

/** One order: what is asked, where and when, its coverage and its assignations. */
export default function OrderDetailPage() {
  const { id = '' } = useParams();
  const query = useQuery(orderQuery(id));
  if (!query.data) return <QueryState query={query} backHref="/orders" />;
  return <OrderDetailView order={query.data} />;
}

function OrderDetailView({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const cancelled = order.status === 'cancelled';
  const open = order.assignations.filter((a) => a.status === 'pending' || a.status === 'confirmed').length;
  const cancel = useApiMutation({ ...cancelOrder(order.id), successKey: 'orders.cancelled' });

  const onCancel = async () => {
    let reason = '';
    const ok = await confirmAction({
      title: t('orders.cancelTitle'),
      message: open ? t('orders.cancelMessage', { count: open }) : undefined,
      content: (
        <GrowingTextarea
          mt="sm"
          label={t('orders.cancelReason')}
          maxLength={500}
          minRows={2}
          onChange={(event) => {
            reason = event.currentTarget.value;
          }}
          data-testid="order-cancel-reason"
        />
      ),
      confirmLabel: t('orders.cancel'),
      cancelLabel: t('orders.keep'),
      danger: true,
    });
    if (ok) cancel.mutate(reason.trim() || null);
  };

  return (
    <DetailPage
      title={order.site.name}
      backHref="/orders"
      status={
        <Group gap={6}>
          <OrderStatusBadge status={order.status} />
          <PriorityBadge priority={order.priority} />
        </Group>
      }
      actions={
        <>
          {cancelled || order.status === 'done' ? null : (
            <Button
              component={Link}
              to={`/matching/create/${order.id}`}
              leftSection={<IconUserSearch size={16} aria-hidden />}
              data-testid="order-match"
            >
              {t('orders.findWorkers')}
            </Button>
          )}
          {cancelled ? null : (
            <Button
              component={Link}
              variant="default"
              to={`/orders/create/${order.id}`}
              leftSection={<IconPencil size={16} aria-hidden />}
            >
              {t('common.edit')}
            </Button>
          )}
          <Button
            component={Link}
            to={`/orders/create/${order.id}?duplicate=1`}
            variant="default"
            leftSection={<IconCopy size={16} aria-hidden />}
          >
            {t('orders.duplicate')}
          </Button>
          {cancelled || order.status === 'done' ? null : (
            <DangerButton
              icon={<IconX size={16} aria-hidden />}
              onClick={onCancel}
              loading={cancel.isPending}
              data-testid="order-cancel"
            >
              {t('orders.cancel')}
            </DangerButton>
          )}
        </>
      }
    >
      <DetailCard
        title={t('orders.sections.where')}
        rows={[
          {
            label: t('orders.client'),
            value: (
              <Anchor component={Link} to={`/clients/${order.client.id}`} size="sm">
                {order.client.name}
              </Anchor>
            ),
          },
          {
            label: t('orders.site'),
            value: [order.site.street, order.site.city].filter(Boolean).join(', ') || null,
          },
          {
            label: t('orders.supervisor'),
            value: order.supervisor ? (
              <Group gap={6}>
                <Text size="sm">
                  {order.supervisor.firstName} {order.supervisor.lastName}
                </Text>
                {order.supervisor.phone ? <PhoneLink phone={order.supervisor.phone} /> : null}
              </Group>
            ) : null,
          },
        ]}
      />
      <DetailCard
        title={t('orders.sections.when')}
        rows={[
          { label: t('orders.dates'), value: formatDateRange(order.startsOn, order.endsOn) },
          { label: t('orders.hours'), value: `${order.dailyStart}–${order.dailyEnd}` },
          { label: t('orders.unpaidBreak'), value: String(order.unpaidBreakMinutes) },
          {
            label: t('orders.expectedHours'),
            value: formatHours(
              timeToMinutes(order.dailyEnd) - timeToMinutes(order.dailyStart) - order.unpaidBreakMinutes,
            ),
          },
          {
            label: t('orders.includeWeekends'),
            value: t(order.includeWeekends ? 'common.yes' : 'common.no'),
          },
          ...(order.cancelledAt
            ? [
                {
                  label: t('orders.status'),
                  value: t('orders.cancelledOn', { date: formatDate(order.cancelledAt) }),
                },
                { label: t('orders.reason'), value: order.cancelReason },
              ]
            : []),
        ]}
      />
      <DetailCard
        title={t('orders.sections.what')}
        rows={[
          {
            label: t('orders.coverage'),
            value: (
              <Coverage confirmed={order.confirmed} pending={order.pending} needed={order.workersNeeded} />
            ),
          },
          {
            label: t('orders.skills'),
            value: (
              <List size="sm" spacing={2}>
                {order.skills.map((skill) => (
                  <List.Item key={skill.skillId}>
                    {localName(skill)}{' '}
                    {skill.mandatory ? (
                      <Badge size="xs" variant="light" color="brand">
                        {t('orders.mandatory')}
                      </Badge>
                    ) : null}
                  </List.Item>
                ))}
              </List>
            ),
          },
          { label: t('orders.tools'), value: order.tools.map((tool) => localName(tool)).join(', ') || null },
          {
            label: t('orders.atHeight'),
            value: order.heightMetres ? `${order.heightMetres} m` : t('orders.noHeight'),
          },
        ]}
      />
      <DetailCard title={t('orders.sections.notes')}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={order.notes ? undefined : 'dimmed'}>
          {order.notes || t('common.empty')}
        </Text>
      </DetailCard>
      <DetailCard title={t('orders.assignations')} style={{ gridColumn: '1 / -1' }}>
        {order.assignations.length ? (
          <RecordTable<Assignation>
            label={t('orders.assignations')}
            records={order.assignations}
            rowKey={(assignation) => assignation.id}
            data-testid="order-assignations"
            columns={[
              {
                accessor: 'employee',
                title: t('orders.employee'),
                render: (assignation) => (
                  <Anchor component={Link} to={`/employees/${assignation.employee.id}`} size="sm" fw={600}>
                    {assignation.employee.lastName}, {assignation.employee.firstName}
                  </Anchor>
                ),
              },
              {
                accessor: 'status',
                title: t('orders.status'),
                render: (assignation) => <AssignationStatusBadge status={assignation.status} />,
              },
              {
                accessor: 'answered',
                title: t('orders.answered'),
                render: (assignation) =>
                  assignation.answeredAt
                    ? `${formatDateTime(assignation.answeredAt)} (${t(assignation.answeredBy === 'sms' ? 'orders.bySms' : 'orders.byOffice')})`
                    : t('common.empty'),
              },
            ]}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('orders.noAssignations')}
          </Text>
        )}
      </DetailCard>
      <div style={{ gridColumn: '1 / -1' }}>
        <OrderTimeline orderId={order.id} />
      </div>
    </DetailPage>
  );
}
