import type { TimeEntry } from '@brigade/shared/time-entries';
import { ActionIcon, Button, FileButton, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { IconCamera, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { authorizedImageQuery } from '../../../lib/authorizedImage.ts';
import { confirmAction } from '../../../lib/confirm.tsx';
import { useApiMutation } from '../../../lib/queries.ts';
import { addPhoto, removePhoto } from '../api.ts';
import classes from './TimeEntryForm.module.css';

/** Six at most, as the server keeps. */
export const maxPhotos = 6;

/** A stored photo's thumbnail. */
function StoredThumbnail({ entryId, photoId, alt }: { entryId: string; photoId: string; alt: string }) {
  const image = useQuery(authorizedImageQuery(`/api/time-entries/${entryId}/photos/${photoId}?size=thumb`));
  return image.data ? (
    <Image src={image.data} alt={alt} className={classes.thumbnail} />
  ) : (
    <div className={classes.thumbnail}>
      <Loader size="xs" aria-hidden />
    </div>
  );
}

/** A key for each picked file (two photos may share a name: "image.jpg"). */
const fileKeys = new WeakMap<File, string>();
const keyOfFile = (file: File) => {
  let key = fileKeys.get(file);
  if (!key) {
    key = crypto.randomUUID();
    fileKeys.set(file, key);
  }
  return key;
};

/** A photo picked before the entry is saved, shown from the phone's own file. */
function PendingThumbnail({ file, alt }: { file: File; alt: string }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <Image src={url} alt={alt} className={classes.thumbnail} />;
}

/**
 * Photos of the parking receipt, taken with the phone's camera. On a saved entry each one is sent
 * at once; on a new one they wait in `pending` and go once the hours are saved.
 */
export function ReceiptPhotos({
  entry,
  pending,
  onPendingChange,
  disabled,
}: {
  entry?: TimeEntry;
  pending: File[];
  onPendingChange: (files: File[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const upload = useApiMutation({ ...addPhoto(entry?.id ?? ''), successKey: 'timeEntries.photoAdded' });
  const remove = useApiMutation({ ...removePhoto(entry?.id ?? ''), successKey: 'timeEntries.photoRemoved' });
  const count = (entry?.photos.length ?? 0) + pending.length;
  const pick = (files: File[]) => {
    const room = files.slice(0, Math.max(0, maxPhotos - count));
    if (entry) for (const file of room) upload.mutate(file);
    else onPendingChange([...pending, ...room]);
  };
  const onRemove = async (photoId: string, index: number) => {
    const ok = await confirmAction({
      title: t('timeEntries.photoRemoveTitle'),
      message: t('timeEntries.photoRemoveText', { index }),
      confirmLabel: t('common.delete'),
      danger: true,
    });
    if (ok) remove.mutate(photoId);
  };
  return (
    <Stack gap={6}>
      <Text fw={600}>{t('timeEntries.photos')}</Text>
      <Text size="sm" c="dimmed">
        {t('timeEntries.photosHelp')}
      </Text>
      {count ? (
        <Group gap="xs" data-testid="receipt-photos">
          {entry?.photos.map((photo, index) => (
            <div key={photo.id} className={classes.photo}>
              <StoredThumbnail
                entryId={entry.id}
                photoId={photo.id}
                alt={t('timeEntries.photoAlt', { index: index + 1 })}
              />
              {disabled ? null : (
                <ActionIcon
                  className={classes.photoRemove}
                  color="red.9"
                  radius="xl"
                  size="md"
                  onClick={() => onRemove(photo.id, index + 1)}
                  aria-label={t('timeEntries.photoRemove', { index: index + 1 })}
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              )}
            </div>
          ))}
          {pending.map((file, index) => (
            <div key={keyOfFile(file)} className={classes.photo}>
              <PendingThumbnail file={file} alt={t('timeEntries.photoAlt', { index: index + 1 })} />
              <ActionIcon
                className={classes.photoRemove}
                color="red.9"
                radius="xl"
                size="md"
                onClick={() => onPendingChange(pending.filter((_, at) => at !== index))}
                aria-label={t('timeEntries.photoRemove', { index: index + 1 })}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </div>
          ))}
          {upload.isPending ? <Loader size="sm" role="status" aria-label={t('common.loading')} /> : null}
        </Group>
      ) : null}
      {disabled || count >= maxPhotos ? null : (
        <FileButton onChange={pick} accept="image/*" capture="environment" multiple>
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="md"
              leftSection={<IconCamera size={18} aria-hidden />}
              data-testid="receipt-photo-add"
            >
              {t('timeEntries.photoAdd')}
            </Button>
          )}
        </FileButton>
      )}
    </Stack>
  );
}
