import type { HolidayYear } from '@brigade/shared/holiday-schemas';
import { holidayNames } from '@brigade/shared/holidays';
import { ActionIcon, Button, Group, Menu, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { SoftBadge } from '../../../components/SoftBadge.tsx';
import { longDate } from '../../../lib/calendar.ts';
import { confirmAction } from '../../../lib/confirm.tsx';
import { formatDate, formatDateRange } from '../../../lib/format.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { createOverride, deleteOverride } from '../api.ts';

import { type Calendar, type Holiday, localName } from './holidayNames.ts';

/** One calendar's holidays of the year, each with its menu (move, remove, restore). */
export function CalendarCard({
  calendar,
  title,
  help,
  year,
  onMove,
}: {
  calendar: Calendar;
  title: string;
  help: string;
  year: HolidayYear;
  onMove: (holiday: Holiday) => void;
}) {
  const { t } = useTranslation();
  const remove = useApiMutation({ ...createOverride, successKey: 'holidays.saved' });
  const restore = useApiMutation({ ...deleteOverride, successKey: 'holidays.saved' });
  const removed = year.overrides.filter((o) => o.calendar === calendar && o.kind === 'remove');

  const onRemove = async (holiday: Holiday) => {
    const name = localName(holiday);
    if (holiday.source === 'added' && holiday.overrideId) {
      if (
        await confirmAction({
          title: t('holidays.deleteAddedTitle', { name }),
          confirmLabel: t('holidays.deleteAdded'),
          danger: true,
        })
      )
        restore.mutate(holiday.overrideId);
      return;
    }
    const ok = await confirmAction({
      title: t('holidays.removeTitle', { name, year: year.year }),
      message: t('holidays.removeMessage', { year: year.year }),
      confirmLabel: t('holidays.remove'),
      danger: true,
    });
    if (ok && holiday.key)
      remove.mutate({ kind: 'remove', calendar, year: year.year, holidayKey: holiday.key });
  };
  const onRestore = async (overrideId: string, name: string) => {
    if (
      await confirmAction({
        title: t('holidays.restoreTitle'),
        message: t('holidays.restoreMessage', { name }),
        confirmLabel: t('holidays.restore'),
      })
    )
      restore.mutate(overrideId);
  };

  return (
    <SectionCard headingId={`calendar-${calendar}`} data-testid={`holidays-${calendar}`}>
      <Title order={2} size="h4" id={`calendar-${calendar}`}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {help}
      </Text>
      <Table verticalSpacing={6} aria-labelledby={`calendar-${calendar}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('holidays.holiday')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {year[calendar].map((holiday) => {
            const name = localName(holiday);
            return (
              <Table.Tr key={`${holiday.key ?? holiday.overrideId}`} data-holiday={holiday.key ?? 'added'}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {longDate(holiday.date, { year: undefined })}
                  </Text>
                  <Text size="sm">{name}</Text>
                  {holiday.source !== 'computed' ? (
                    <Group gap={4}>
                      <SoftBadge color={holiday.source === 'moved' ? 'orange' : 'blue'} size="xs">
                        {t(`holidays.sources.${holiday.source}`)}
                      </SoftBadge>
                      {holiday.source === 'moved' && holiday.computedDate ? (
                        <Text size="xs" c="dimmed">
                          {t('holidays.movedFrom', { date: formatDate(holiday.computedDate) })}
                        </Text>
                      ) : null}
                    </Group>
                  ) : null}
                </Table.Td>
                <Table.Td w={44}>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('holidays.actionsFor', { name })}
                        data-testid={`holiday-actions-${calendar}-${holiday.key ?? 'added'}`}
                      >
                        <IconDots size={18} aria-hidden />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {holiday.key ? (
                        <Menu.Item onClick={() => onMove(holiday)}>{t('holidays.move')}</Menu.Item>
                      ) : null}
                      {holiday.source === 'moved' && holiday.overrideId ? (
                        <Menu.Item onClick={() => onRestore(holiday.overrideId as string, name)}>
                          {t('holidays.restore')}
                        </Menu.Item>
                      ) : null}
                      {holiday.source !== 'moved' ? (
                        <Menu.Item color="red.9" onClick={() => onRemove(holiday)}>
                          {holiday.source === 'added' ? t('holidays.deleteAdded') : t('holidays.remove')}
                        </Menu.Item>
                      ) : null}
                    </Menu.Dropdown>
                  </Menu>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {removed.length ? (
        <Stack gap={4} mt="sm">
          <Text size="sm" fw={700}>
            {t('holidays.removed')}
          </Text>
          {removed.map((override) => {
            const names = holidayNames[override.holidayKey as keyof typeof holidayNames];
            const name = names
              ? localName({ nameFr: names.fr, nameEn: names.en })
              : (override.holidayKey ?? '');
            return (
              <Group key={override.id} gap="sm">
                <Text size="sm" td="line-through" c="dimmed">
                  {name}
                </Text>
                <Button size="compact-sm" variant="subtle" onClick={() => onRestore(override.id, name)}>
                  {t('holidays.restore')}
                </Button>
              </Group>
            );
          })}
        </Stack>
      ) : null}
    </SectionCard>
  );
}

/** The construction industry's two obligatory vacations of the year. */
export function Vacations({ year }: { year: HolidayYear }) {
  const { t } = useTranslation();
  const rows = [
    { label: t('holidays.constructionVacations'), periods: year.constructionVacations },
    { label: t('holidays.companyVacations'), periods: year.companyVacations },
  ];
  return (
    <SectionCard headingId="vacations" data-testid="vacations">
      <Title order={2} size="h4" id="vacations" mb="sm">
        {t('holidays.vacations')}
      </Title>
      <Table verticalSpacing={6} aria-labelledby="vacations">
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th>{t('holidays.summer')}</Table.Th>
            <Table.Th>{t('holidays.winter')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th scope="row" fw={600}>
                {row.label}
              </Table.Th>
              {row.periods.map((period) => (
                <Table.Td key={period.start} style={{ whiteSpace: 'nowrap' }}>
                  {formatDateRange(period.start, period.end)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </SectionCard>
  );
}
