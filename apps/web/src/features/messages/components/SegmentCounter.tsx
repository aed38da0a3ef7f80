import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SegmentedMessage } from 'sms-segments-calculator';

/**
 * How long a text is as SMS: its characters and the texts it takes. A text of plain letters
 * (GSM-7) fits 160 characters in one text; one accent outside that alphabet ("ê", "ô") or an emoji
 * makes the whole message Unicode, 70 a text (67 when split): the count says which.
 */
export function smsLength(text: string) {
  const message = new SegmentedMessage(text);
  return {
    characters: message.numberOfCharacters,
    segments: text.length === 0 ? 0 : message.segmentsCount,
    unicode: message.encodingName === 'UCS-2',
  };
}

export function SegmentCounter({ text, id }: { text: string; id?: string }) {
  const { t } = useTranslation();
  const { characters, segments, unicode } = smsLength(text);
  return (
    <Text size="xs" c="dimmed" id={id} aria-live="polite" data-testid="segment-counter">
      {t('messages.segments', { count: segments, characters })}
      {' · '}
      {unicode ? t('messages.encodingUnicode') : t('messages.encodingGsm')}
    </Text>
  );
}
