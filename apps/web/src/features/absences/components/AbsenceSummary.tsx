import type { AbsenceSummary as Summary } from '@brigade/shared/absences';
import { shownAbsenceTypes } from '@brigade/shared/enums';
import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AbsenceTypeBadge } from '../../../components/AbsenceTypeBadge.tsx';
import { useCardLayout } from '../../../components/useCardLayout.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { absenceSummaryQuery } from '../api.ts';

/** How many names "Absents aujourd'hui" lists before "et n autres" (fewer on a phone's first screen). */
const namesShown = { desktop: 8, phone: 3 };

/** The Absences dashboard item (spec §2): who is away today and this week, by type. */
export function AbsenceSummary() {
  const { t } = useTranslation();
  const query = useQuery(absenceSummaryQuery);
  const shown = namesShown[useCardLayout() ? 'phone' : 'desktop'];
  const summary = query.data;
  if (!summary) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" aria-busy>
        <Skeleton h={120} radius="sm" />
        <Skeleton h={120} radius="sm" />
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="absence-summary">
      <Paper withBorder radius="sm" p="md" component="section" aria-labelledby="away-today">
        <Group justify="space-between" align="baseline" mb={6}>
          <Title order={2} size="h4" id="away-today">
            {t('absences.summary.today')}
          </Title>
          <Text fw={700} size="xl" data-testid="away-today-total">
            {formatNumber(summary.awayTodayTotal)}
          </Text>
        </Group>
        <ByType counts={summary.todayByType} />
        {summary.awayToday.length ? (
          <Text size="sm" mt={8}>
            {summary.awayToday.slice(0, shown).map((person, index) => (
              <span key={person.absenceId}>
                {index ? ', ' : ''}
                <Anchor component={Link} to={`/absences/edit/${person.absenceId}`} size="sm">
                  {person.firstName} {person.lastName}
                </Anchor>
                <Text span size="xs" c="dimmed">
                  {' '}
                  ({t(`absences.types.${person.type}`).toLowerCase()},{' '}
                  {t('absences.summary.until', { date: formatDate(person.endsOn) })})
                </Text>
              </span>
            ))}
            {summary.awayTodayTotal > shown
              ? ` ${t('absences.summary.andMore', { count: summary.awayTodayTotal - shown })}`
              : ''}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('absences.summary.nobodyToday')}
          </Text>
        )}
      </Paper>
      <Paper withBorder radius="sm" p="md" component="section" aria-labelledby="away-week">
        <Group justify="space-between" align="baseline" mb={6}>
          <Stack gap={0}>
            <Title order={2} size="h4" id="away-week">
              {t('absences.summary.thisWeek')}
            </Title>
            <Text size="xs" c="dimmed">
              {t('absences.summary.week', {
                start: formatDate(summary.weekStart),
                end: formatDate(summary.weekEnd),
              })}
            </Text>
          </Stack>
          <Text fw={700} size="xl">
            {formatNumber(summary.awayThisWeekTotal)}
          </Text>
        </Group>
        <ByType counts={summary.weekByType} />
      </Paper>
    </SimpleGrid>
  );
}

function ByType({ counts }: { counts: Summary['todayByType'] }) {
  const types = shownAbsenceTypes.filter((type) => counts[type]);
  if (!types.length) return null;
  return (
    <Group gap={6}>
      {types.map((type) => (
        <Group key={type} gap={4} wrap="nowrap">
          <AbsenceTypeBadge type={type} />
          <Text size="sm" fw={600}>
            {formatNumber(counts[type] ?? 0)}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
