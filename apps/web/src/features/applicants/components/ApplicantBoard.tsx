import type { ApplicantListItem } from '@brigade/shared/applicants';
import { type ApplicantStatus, applicantStatuses } from '@brigade/shared/enums';
import { formatPhone } from '@brigade/shared/format';
import {
  ActionIcon,
  Anchor,
  Box,
  Group,
  Menu,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localName } from '../../../lib/i18n.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { toast } from '../../../lib/toast.tsx';
import { changeStatus } from '../api.ts';
import { applicantStatusColors } from './ApplicantStatusBadge.tsx';

/** The statuses a card can be moved to from the board (hiring is done on the applicant's page). */
const movable = applicantStatuses.filter((status) => status !== 'hired') as Exclude<
  ApplicantStatus,
  'hired'
>[];

/**
 * The pipeline by status, one column each (spec: kanban-style on desktop). A card moves with its
 * "Déplacer" menu — keyboard and screen readers included; its name opens the applicant.
 */
export function ApplicantBoard({
  items,
  loading,
}: {
  items: ApplicantListItem[] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const move = useApiMutation({ ...changeStatus, successKey: false });
  if (!items) {
    return (
      <Group align="flex-start" gap="sm" wrap="nowrap" aria-busy>
        {applicantStatuses.map((status) => (
          <Skeleton key={status} h={300} style={{ flex: 1 }} radius="sm" />
        ))}
      </Group>
    );
  }
  return (
    <ScrollArea
      type="auto"
      offsetScrollbars
      data-testid="applicant-board"
      // Dimmed while a search's answer comes, as the lists are (DataTable): the tests' accessibility
      // check waits for it, since what the user reads is the board once its answer has come.
      data-fetching={loading || undefined}
      aria-busy={loading || undefined}
      style={{ opacity: loading ? 0.7 : 1 }}
    >
      <Group align="flex-start" gap={8} wrap="nowrap" miw={900}>
        {applicantStatuses.map((status) => {
          const column = items.filter((item) => item.status === status);
          return (
            <Paper
              key={status}
              component="section"
              aria-labelledby={`column-${status}`}
              withBorder
              radius="sm"
              p="xs"
              bg="gray.0"
              style={{ flex: 1, minWidth: 145 }}
              data-status={status}
            >
              <Group gap={6} mb="xs" wrap="nowrap">
                <Box
                  w={10}
                  h={10}
                  style={{
                    borderRadius: '50%',
                    background: `var(--mantine-color-${applicantStatusColors[status]}-7)`,
                  }}
                  aria-hidden
                />
                <Title order={2} size="h5" id={`column-${status}`}>
                  {t('applicants.boardColumn', {
                    status: t(`applicants.statuses.${status}`),
                    count: column.length,
                  })}
                </Title>
              </Group>
              {/* Each column scrolls on its own: the board stays one screen high. */}
              <Box mah="calc(100dvh - 250px)" style={{ overflowY: 'auto', overflowX: 'hidden' }} pr={2}>
                <Stack gap={6}>
                  {column.length === 0 ? (
                    <Text size="xs" c="dimmed">
                      {t('applicants.emptyColumn')}
                    </Text>
                  ) : (
                    column.map((applicant) => {
                      const name = `${applicant.firstName} ${applicant.lastName}`;
                      return (
                        <Paper key={applicant.id} withBorder radius="sm" p={8} data-testid="board-card">
                          <Group justify="space-between" wrap="nowrap" gap={4} align="flex-start">
                            <Anchor
                              component={Link}
                              to={`/applicants/${applicant.id}`}
                              size="sm"
                              fw={600}
                              lineClamp={2}
                            >
                              {name}
                            </Anchor>
                            {status === 'hired' ? null : (
                              <Menu position="bottom-end" withinPortal>
                                <Menu.Target>
                                  <ActionIcon
                                    variant="subtle"
                                    size="sm"
                                    aria-label={t('applicants.moveFor', { name })}
                                  >
                                    <IconArrowsExchange size={14} aria-hidden />
                                  </ActionIcon>
                                </Menu.Target>
                                <Menu.Dropdown>
                                  <Menu.Label>{t('applicants.moveTo')}</Menu.Label>
                                  {movable
                                    .filter((target) => target !== status)
                                    .map((target) => (
                                      <Menu.Item
                                        key={target}
                                        onClick={() =>
                                          move.mutate(
                                            { id: applicant.id, status: target },
                                            {
                                              onSuccess: () =>
                                                toast.success(
                                                  t('applicants.moved', {
                                                    name,
                                                    status: t(`applicants.statuses.${target}`),
                                                  }),
                                                ),
                                            },
                                          )
                                        }
                                      >
                                        {t(`applicants.statuses.${target}`)}
                                      </Menu.Item>
                                    ))}
                                </Menu.Dropdown>
                              </Menu>
                            )}
                          </Group>
                          <Text size="xs" c="dimmed" truncate="end">
                            {[applicant.city, formatPhone(applicant.phone)].filter(Boolean).join(' · ')}
                          </Text>
                          {applicant.skills.length ? (
                            <Text size="xs" lineClamp={1}>
                              {applicant.skills.map((skill) => localName(skill)).join(', ')}
                            </Text>
                          ) : null}
                        </Paper>
                      );
                    })
                  )}
                </Stack>
              </Box>
            </Paper>
          );
        })}
      </Group>
    </ScrollArea>
  );
}
