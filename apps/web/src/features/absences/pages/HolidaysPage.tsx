import { Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PeriodStepper } from '../../../components/PeriodStepper.tsx';
import { companyToday } from '../../../lib/calendar.ts';
import { holidaysQuery } from '../api.ts';
import { CalendarCard, Vacations } from '../components/HolidayCalendar.tsx';
import { AddHolidayDialog, MoveHolidayDialog } from '../components/HolidayDialogs.tsx';
import type { Calendar, Holiday } from '../components/holidayNames.ts';

/**
 * Any year's holidays and vacations, computed (Easter, the Mondays, the agreements' long weekends),
 * with what the office changed: a holiday moved (an agreement that moves Canada Day to a Monday),
 * removed, or a company day added. Only the changes are stored.
 */
export default function HolidaysPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const year = Number(params.get('year')) || Number(companyToday().slice(0, 4));
  const setYear = (next: number) => navigate({ search: `?year=${next}` }, { replace: true });
  const query = useQuery(holidaysQuery(year));
  const [adding, setAdding] = useState(false);
  const [moving, setMoving] = useState<{ calendar: Calendar; holiday: Holiday } | null>(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{t('titles.holidays')}</Title>
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setAdding(true)}
          data-testid="holiday-add"
        >
          {t('holidays.add')}
        </Button>
      </Group>
      <PeriodStepper
        previous={{ label: t('holidays.previousYear'), onClick: () => setYear(year - 1) }}
        next={{ label: t('holidays.nextYear'), onClick: () => setYear(year + 1) }}
      >
        <Text fw={700} size="lg" w={64} ta="center" aria-live="polite" data-testid="holidays-year">
          {year}
        </Text>
      </PeriodStepper>

      {query.data ? (
        <>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <CalendarCard
              calendar="construction"
              title={t('holidays.construction')}
              help={t('holidays.constructionHelp')}
              year={query.data}
              onMove={(holiday) => setMoving({ calendar: 'construction', holiday })}
            />
            <CalendarCard
              calendar="quebec"
              title={t('holidays.quebec')}
              help={t('holidays.quebecHelp')}
              year={query.data}
              onMove={(holiday) => setMoving({ calendar: 'quebec', holiday })}
            />
          </SimpleGrid>
          <Vacations year={query.data} />
        </>
      ) : (
        <Skeleton h={420} radius="sm" />
      )}

      <AddHolidayDialog opened={adding} year={year} onClose={() => setAdding(false)} />
      <MoveHolidayDialog target={moving} year={year} onClose={() => setMoving(null)} />
    </Stack>
  );
}
