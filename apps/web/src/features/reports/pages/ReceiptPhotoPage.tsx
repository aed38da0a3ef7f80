import { Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { authorizedImageQuery } from '../../../lib/authorizedImage.ts';

/**
 * A parking receipt's photo, whole, on a page of its own: where the parking photos workbook's links
 * lead (issue 28). A link clicked in Excel opens the default browser, which carries no token: the
 * app's sign-in guard asks for a session first (and comes back here), then the photo is read from
 * the API with the session's token, as every photo of the app is.
 */
export default function ReceiptPhotoPage() {
  const { t } = useTranslation();
  const { entryId = '', photoId = '' } = useParams();
  const image = useQuery(
    authorizedImageQuery(
      `/api/time-entries/${encodeURIComponent(entryId)}/photos/${encodeURIComponent(photoId)}`,
    ),
  );
  return (
    <Stack gap="md">
      <Title order={1}>{t('titles.receiptPhoto')}</Title>
      {image.data ? (
        <Stack gap="xs" align="flex-start">
          <img
            src={image.data}
            alt={t('reports.receiptPhoto.alt')}
            style={{ maxWidth: '100%', height: 'auto' }}
            data-testid="receipt-photo"
          />
          <Anchor href={image.data} download={`${photoId}.jpg`}>
            {t('reports.receiptPhoto.download')}
          </Anchor>
        </Stack>
      ) : image.isError ? (
        <Text c="dimmed" role="alert">
          {t('reports.receiptPhoto.unavailable')}
        </Text>
      ) : (
        <Center py="xl">
          <Loader role="status" aria-label={t('common.loading')} />
        </Center>
      )}
    </Stack>
  );
}
