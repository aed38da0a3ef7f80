import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '../../../components/Dialog.tsx';
import { GrowingTextarea } from '../../../components/GrowingTextarea.tsx';
import { useApiMutation } from '../../../lib/queries.ts';
import { rejectLine } from '../api.ts';

export interface RejectTarget {
  entryId: string;
  /** "Luc Tremblay, lun. 16 nov. : 07:00–16:30" */
  label: string;
}

/** A supervisor refuses one line with a reason; the office corrects it. */
export function RejectDialog({
  sheetId,
  target,
  onClose,
}: {
  sheetId: string;
  target: RejectTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const reject = useApiMutation({
    ...rejectLine(sheetId),
    successKey: 'timesheets.rejected',
    onSuccess: () => {
      setReason('');
      onClose();
    },
  });
  return (
    <Dialog opened={target !== null} onClose={onClose} title={t('timesheets.rejectTitle')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (target && reason.trim()) reject.mutate({ entryId: target.entryId, reason: reason.trim() });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{target?.label}</Text>
          <GrowingTextarea
            label={t('timesheets.rejectReason')}
            placeholder={t('timesheets.rejectReasonPlaceholder')}
            required
            value={reason}
            maxLength={500}
            minRows={2}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-autofocus
          />
          <DialogActions onCancel={onClose}>
            <Button
              type="submit"
              color="red.9"
              disabled={!reason.trim()}
              loading={reject.isPending}
              data-testid="reject-confirm"
            >
              {t('timesheets.reject')}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Dialog>
  );
}
