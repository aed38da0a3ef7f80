import { formatPhone } from '@brigade/shared/format';
import type { PrivacyOfficer } from '@brigade/shared/privacy';
import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The person in charge as the public reads them: name and title, e-mail and phone as links. */
export function OfficerContact({ officer }: { officer: NonNullable<PrivacyOfficer> }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text fw={600}>{officer.name}</Text>
      <Text>{officer.title}</Text>
      <Text>
        {t('privacy.officer.email')} <Anchor href={`mailto:${officer.email}`}>{officer.email}</Anchor>
      </Text>
      <Text>
        {t('privacy.officer.phone')}{' '}
        <Anchor href={`tel:${officer.phone}`}>{formatPhone(officer.phone)}</Anchor>
      </Text>
    </Stack>
  );
}
