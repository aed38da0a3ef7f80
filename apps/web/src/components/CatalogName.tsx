import { Stack, Text } from '@mantine/core';
import { currentLanguage } from '../lib/i18n.ts';

/** A skill's or a tool's name in the user's language, the other language under it in smaller text. */
export function CatalogName({ nameFr, nameEn }: { nameFr: string; nameEn: string }) {
  const english = currentLanguage() === 'en';
  const [main, other] = english ? [nameEn, nameFr] : [nameFr, nameEn];
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {main}
      </Text>
      <Text size="xs" c="dimmed" lang={english ? 'fr' : 'en'}>
        {other}
      </Text>
    </Stack>
  );
}
