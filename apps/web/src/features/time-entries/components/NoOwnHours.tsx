import { Alert, Button, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * A supervisor's own `time-entries` or `time-logger` (spec §2 opens them to supervisors): they are no
 * employee and log no hours of their own, which the page says, with the way back to their dashboard.
 */
export function NoOwnHours({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={560}>
      <Title order={1}>{title}</Title>
      <Alert color="blue" variant="light" data-testid="no-own-hours">
        {t('timeEntries.noOwnHours')}
      </Alert>
      <Button
        component={Link}
        to="/dashboard-supervisor"
        variant="default"
        size="md"
        leftSection={<IconArrowLeft size={18} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('timeEntries.toDashboard')}
      </Button>
    </Stack>
  );
}
