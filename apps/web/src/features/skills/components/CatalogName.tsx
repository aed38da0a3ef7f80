import { Stack, Text } from '@mantine/core';
import { currentLanguage } from '../../../lib/i18n.ts';

/** The name in the user's language, the other language under it in smaller text. */
export function CatalogName({ nameFr, nameEn }: { nameFr: string; nameEn: string }) {
  const [main, other] = currentLanguage() === 'en' ? [nameEn, nameFr] : [nameFr, nameEn];
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {main}
      </Text>
      <Text size="xs" c="dimmed" lang={currentLanguage() === 'en' ? 'fr' : 'en'}>
        {other}
      </Text>
    </Stack>
  );
}

/** The name in the user's language. */
export function localName(record: { nameFr: string; nameEn: string }): string {
  return currentLanguage() === 'en' ? record.nameEn : record.nameFr;
}
