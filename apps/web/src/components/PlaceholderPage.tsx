import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteHandle } from '../lib/routeTable.ts';

/** A screen whose content arrives in a later issue: its title and a short notice. */
export default function PlaceholderPage() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  return (
    <Stack gap="xs">
      <Title order={1}>{handle ? t(handle.titleKey) : 'Brigade'}</Title>
      <Text c="dimmed">{t('placeholder.comingSoon')}</Text>
    </Stack>
  );
}
