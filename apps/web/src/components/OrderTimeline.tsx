import { Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format.ts';
import { endpointQuery } from '../lib/queries.ts';

/**
 * An order's history, newest last: created, changed, each worker asked, answered (by text or by
 * the office), removed, replaced — from the audit log (GET /orders/:id/timeline).
 */
export function OrderTimeline({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const query = useQuery(endpointQuery('GET /orders/:id/timeline', { params: { id: orderId } }));
  const items = query.data?.items ?? [];
  return (
    <Paper withBorder p="md" data-testid="order-timeline">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('matching.timeline')}
        </Title>
        {query.isPending ? (
          <Text size="sm" c="dimmed" role="status">
            {t('common.loading')}
          </Text>
        ) : (
          <Timeline bulletSize={12} lineWidth={2}>
            {items.map((event) => {
              const employee = event.employee ? `${event.employee.firstName} ${event.employee.lastName}` : '';
              const by = event.actor
                ? `${event.actor.firstName} ${event.actor.lastName}`
                : event.details.answeredBy === 'sms'
                  ? t('matching.bySms')
                  : t('matching.system');
              return (
                <Timeline.Item
                  key={event.id}
                  title={
                    <Text size="sm" fw={600}>
                      {t(`matching.timelineActions.${event.action}`, {
                        employee,
                        defaultValue: event.action,
                      })}
                    </Text>
                  }
                >
                  <Text size="xs" c="dimmed">
                    {formatDateTime(event.at)} · {by}
                    {typeof event.details.reason === 'string' ? ` · ${event.details.reason}` : ''}
                    {typeof event.details.overrideReason === 'string'
                      ? ` · ${event.details.overrideReason}`
                      : ''}
                  </Text>
                </Timeline.Item>
              );
            })}
          </Timeline>
        )}
      </Stack>
    </Paper>
  );
}
