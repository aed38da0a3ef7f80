import { Alert, Anchor, Center, Loader, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../lib/errors.ts';

/** What a record page shows while its record loads, or when it could not be loaded (404…). */
export function QueryState({ error, backHref }: { error: unknown; backHref: string }) {
  const { t } = useTranslation();
  if (!error) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  }
  return (
    <Stack gap="sm" maw={640}>
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
        {errorMessage(error)}
      </Alert>
      <Anchor component={Link} to={backHref} size="sm">
        {t('common.backToList')}
      </Anchor>
    </Stack>
  );
}
