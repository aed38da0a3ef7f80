import { placesCoverage } from '@brigade/shared/alert-kinds';
import type { AssignationStatus, OrderStatus } from '@brigade/shared/enums';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SoftBadge, type SoftBadgeColor } from './SoftBadge.tsx';

const statusColors: Record<OrderStatus, SoftBadgeColor> = {
  open: 'orange',
  partial: 'yellow',
  filled: 'green',
  in_progress: 'blue',
  done: 'gray',
  cancelled: 'red',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <SoftBadge color={statusColors[status]} dot data-testid="order-status">
      {t(`orders.statuses.${status}`)}
    </SoftBadge>
  );
}

const priorityColors: Record<number, SoftBadgeColor> = { 1: 'red', 2: 'blue', 3: 'gray' };

export function PriorityBadge({ priority }: { priority: number }) {
  const { t } = useTranslation();
  return (
    <SoftBadge color={priorityColors[priority] ?? 'gray'}>{t(`orders.priorities.${priority}`)}</SoftBadge>
  );
}

const assignationColors: Record<AssignationStatus, SoftBadgeColor> = {
  pending: 'yellow',
  confirmed: 'green',
  declined: 'red',
  cancelled: 'gray',
  replaced: 'gray',
};

export function AssignationStatusBadge({ status }: { status: AssignationStatus }) {
  const { t } = useTranslation();
  return <SoftBadge color={assignationColors[status]}>{t(`orders.assignationStatuses.${status}`)}</SoftBadge>;
}

/** "4/6 confirmés · 1 en attente" (spec: coverage). */
export function Coverage({
  confirmed,
  pending,
  needed,
}: {
  confirmed: number;
  pending: number;
  needed: number;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={600} c={placesCoverage(confirmed, needed) === 'full' ? '#1b5e20' : undefined}>
        {t('orders.coverageText', { confirmed, needed })}
      </Text>
      {pending ? (
        <Text size="sm" c="dimmed">
          · {t('orders.pendingText', { count: pending })}
        </Text>
      ) : null}
    </Group>
  );
}
