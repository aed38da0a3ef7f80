import { payWeekStart } from '@brigade/shared/pay-week';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DateField } from '../../../components/DateField.tsx';
import { SitePicker } from '../../../components/SitePicker.tsx';
import { addDays, companyToday } from '../../../lib/calendar.ts';
import { formatDate } from '../../../lib/format.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { createTimesheet } from '../api.ts';

/**
 * timesheets/create: a site and a week (last week by default: the one the office sends on Monday).
 * A timesheet that already exists for them opens instead of a second one.
 */
export default function TimesheetCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [siteId, setSiteId] = useState<string | null>(params.get('siteId'));
  const [day, setDay] = useState<string | null>(addDays(companyToday(), -7));
  const [tried, setTried] = useState(false);
  const create = useApiMutation({
    ...createTimesheet,
    successKey: false,
    onSuccess: (sheet) => navigate(`/timesheets/edit/${sheet.id}`, { replace: true }),
  });
  const weekStart = day ? payWeekStart(day) : null;
  return (
    <Stack gap="md" maw={560}>
      <Title order={1}>{t('titles.timesheetsCreate')}</Title>
      <Card withBorder padding="lg">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setTried(true);
            if (siteId && day) create.mutate({ siteId, week: day });
          }}
        >
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('timesheets.createHelp')}
            </Text>
            <SitePicker
              label={t('timesheets.site')}
              placeholder={t('timesheets.sitePlaceholder')}
              value={siteId}
              onChange={setSiteId}
              withAsterisk
              error={tried && !siteId ? t('validation.required') : undefined}
            />
            <DateField
              label={t('timesheets.weekPick')}
              value={day}
              onChange={setDay}
              maxDate={companyToday()}
              withAsterisk
              error={tried && !day ? t('validation.required') : undefined}
              description={
                weekStart
                  ? t('timesheets.weekOf', {
                      from: formatDate(weekStart),
                      to: formatDate(addDays(weekStart, 6)),
                    })
                  : undefined
              }
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" component={Link} to="/timesheets">
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('timesheets.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
