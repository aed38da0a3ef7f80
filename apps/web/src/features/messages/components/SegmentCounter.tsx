import { smsBodyMaxLength } from '@brigade/shared/messages';
import { smsLength } from '@brigade/shared/sms';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GrowingTextarea, type GrowingTextareaProps } from '../../../components/GrowingTextarea.tsx';

/**
 * How long a text is as SMS (`smsLength`, shared with the server's templates): its characters and
 * the texts it takes. A text of plain letters (GSM-7) fits 160 characters in one text; one accent
 * outside that alphabet ("ê", "ô", "ç") or an emoji makes the whole message Unicode, 70 a text (67
 * when split): the count says which.
 */
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

/**
 * The box an SMS is typed in: at most the 1,600 characters the server takes, growing with the
 * text; screen readers read its `<SegmentCounter id={counterId}>` with it.
 *
 *   <SmsTextarea label={t('messages.text.label')} value={text} onChange={setText} counterId="edit-count" />
 *   <SegmentCounter text={text} id="edit-count" />
 */
export function SmsTextarea({
  value,
  onChange,
  counterId,
  ...props
}: Omit<GrowingTextareaProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (text: string) => void;
  counterId: string;
}) {
  return (
    <GrowingTextarea
      minRows={4}
      maxRows={12}
      maxLength={smsBodyMaxLength}
      {...props}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      aria-describedby={counterId}
    />
  );
}
