import type { ReceiptPhoto } from '@brigade/shared/time-entries';
import { ActionIcon, Group, Loader, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import useEmblaCarousel from 'embla-carousel-react';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog.tsx';
import { authorizedImageQuery } from '../../../lib/authorizedImage.ts';
import classes from './ReceiptPhotoViewer.module.css';

/** The receipts of one line of the timesheet, as the grid names it. */
export interface PhotoTarget {
  sheetId: string;
  entryId: string;
  photos: ReceiptPhoto[];
  /** "Luc Tremblay, Lundi 16 novembre 2026, 07:00–15:30" */
  label: string;
}

function Photo({ target, photo, alt }: { target: PhotoTarget; photo: ReceiptPhoto; alt: string }) {
  const { t } = useTranslation();
  const image = useQuery(
    authorizedImageQuery(`/api/timesheets/${target.sheetId}/entries/${target.entryId}/photos/${photo.id}`),
  );
  if (image.data)
    return (
      <img
        src={image.data}
        alt={alt}
        width={photo.width}
        height={photo.height}
        className={classes.image}
        data-testid="receipt-photo"
      />
    );
  if (image.isError)
    return (
      <Text c="dimmed" ta="center" px="md">
        {t('timesheets.photoUnavailable')}
      </Text>
    );
  return <Loader role="status" aria-label={t('common.loading')} />;
}

/**
 * A line's parking receipts, full screen on a phone: one photo at a time, swiped (Embla, which
 * follows the finger) or stepped through with the buttons or the arrow keys, and closed with the
 * dialog's button or Escape.
 */
export default function ReceiptPhotoViewer({
  target,
  opened,
  onClose,
}: {
  target: PhotoTarget;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [viewportRef, carousel] = useEmblaCarousel();
  const [index, setIndex] = useState(0);
  const count = target.photos.length;
  useEffect(() => {
    if (!carousel) return;
    // A new carousel each time the dialog opens (its photos drawn anew): it starts on the first.
    const onSelect = () => setIndex(carousel.selectedScrollSnap());
    onSelect();
    carousel.on('select', onSelect).on('reInit', onSelect);
    return () => {
      carousel.off('select', onSelect).off('reInit', onSelect);
    };
  }, [carousel]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') carousel?.scrollPrev();
    if (event.key === 'ArrowRight') carousel?.scrollNext();
  };
  const position = (at: number) => t('timesheets.photoPosition', { index: at + 1, count });
  // The button that opened it gets the focus back on closing (Mantine's own return misses a dialog
  // drawn already open, as this one is the first time: it is loaded on that click).
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  const close = () => {
    onClose();
    opener?.focus();
  };

  return (
    <Dialog
      opened={opened}
      onClose={close}
      returnFocus={false}
      fullScreen
      title={t('timesheets.photosTitle')}
    >
      {/* The arrow keys, from any button inside, step through the photos. */}
      <Stack className={classes.body} onKeyDown={onKeyDown} data-testid="receipt-photo-viewer">
        <Text size="sm">{target.label}</Text>
        <section
          ref={viewportRef}
          className={classes.viewport}
          aria-roledescription={t('timesheets.photosCarousel')}
          aria-label={t('timesheets.photosTitle')}
        >
          <div className={classes.container}>
            {target.photos.map((photo, at) => (
              <div key={photo.id} className={classes.slide} aria-hidden={at === index ? undefined : true}>
                <Photo target={target} photo={photo} alt={`${t('timesheets.photoAlt')} — ${position(at)}`} />
              </div>
            ))}
          </div>
        </section>
        {count > 1 ? (
          <Group justify="space-between" wrap="nowrap">
            <ActionIcon
              variant="default"
              size="xl"
              onClick={() => carousel?.scrollPrev()}
              disabled={index === 0}
              aria-label={t('timesheets.photoPrevious')}
            >
              <IconChevronLeft aria-hidden />
            </ActionIcon>
            <Text fw={600} aria-live="polite" data-testid="receipt-photo-position">
              {position(index)}
            </Text>
            <ActionIcon
              variant="default"
              size="xl"
              onClick={() => carousel?.scrollNext()}
              disabled={index === count - 1}
              aria-label={t('timesheets.photoNext')}
            >
              <IconChevronRight aria-hidden />
            </ActionIcon>
          </Group>
        ) : null}
      </Stack>
    </Dialog>
  );
}
