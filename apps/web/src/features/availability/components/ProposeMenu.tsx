import type { AvailableEmployee, OpenOrderOfDay } from '@brigade/shared/availability';
import { Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dayName } from '../dayName.ts';

export interface ProposeMenuProps {
  employee: AvailableEmployee;
  date: string;
  /** The open orders of the day; undefined while they load. */
  orders: OpenOrderOfDay[] | undefined;
  /** The order this worker is being proposed on, while the call runs. */
  proposingOn: string | null;
  onPropose: (order: OpenOrderOfDay) => void;
}

/**
 * "Proposer ▾": the open orders of the day, one click each to ask the worker (a pending
 * assignation). Disabled, and saying why, when the day has no open order.
 */
export function ProposeMenu({ employee, date, orders, proposingOn, onPropose }: ProposeMenuProps) {
  const { t } = useTranslation();
  const name = `${employee.firstName} ${employee.lastName}`;
  const none = orders !== undefined && orders.length === 0;
  return (
    <Menu position="bottom-end" shadow="md" withinPortal width={340}>
      <Menu.Target>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconSend size={14} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          disabled={none || orders === undefined}
          loading={proposingOn !== null}
          aria-label={t(none ? 'availability.noOrderFor' : 'availability.proposeOn', { name })}
          title={none ? t('availability.noOpenOrder') : undefined}
          data-testid="propose"
        >
          {t('availability.propose')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="propose-orders">
        <Menu.Label>{t('availability.openOrdersOn', { date: dayName(date) })}</Menu.Label>
        {(orders ?? []).map((order) => (
          <Menu.Item key={order.id} onClick={() => onPropose(order)} data-testid="propose-order">
            <Text size="sm" fw={600} lh={1.3}>
              {order.client.name} — {order.site.name}
            </Text>
            <Text size="xs" c="dimmed" lh={1.3}>
              {[
                order.site.city,
                `${order.dailyStart}–${order.dailyEnd}`,
                t('availability.openPlaces', { count: order.openPlaces }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
