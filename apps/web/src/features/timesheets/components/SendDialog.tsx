import { formatPhone } from '@brigade/shared/format';
import type { Timesheet } from '@brigade/shared/timesheets';
import { Button, Checkbox, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '../../../components/Dialog.tsx';
import { useApiMutation } from '../../../lib/queries.ts';
import { toast } from '../../../lib/toast.tsx';
import { sendTimesheet } from '../api.ts';

/** Who gets the timesheet: every supervisor of the site and its hours contact, ticked by default. */
export function SendDialog({
  sheet,
  opened,
  onClose,
}: {
  sheet: Timesheet;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const reachable = sheet.recipients.filter((r) => r.email || r.phone);
  const keyOf = (r: Timesheet['recipients'][number]) => (r.email ?? r.phone) as string;
  const [chosen, setChosen] = useState(() => new Set(reachable.map(keyOf)));
  const send = useApiMutation({
    ...sendTimesheet(sheet.id),
    successKey: false,
    onSuccess: (result) => {
      toast.success(t('timesheets.sent', { count: result.sent.length }));
      onClose();
    },
  });
  const submit = () => {
    const all = chosen.size === reachable.length;
    const picked = reachable.filter((r) => chosen.has(keyOf(r)));
    send.mutate(
      all
        ? {}
        : {
            emails: picked.flatMap((r) => (r.email ? [r.email] : [])),
            phones: picked.flatMap((r) => (!r.email && r.phone ? [r.phone] : [])),
          },
    );
  };
  return (
    <Dialog opened={opened} onClose={onClose} title={t('timesheets.sendTitle')} centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('timesheets.sendHelp')}
        </Text>
        {reachable.length === 0 ? (
          <Text size="sm">{t('timesheets.noRecipient')}</Text>
        ) : (
          <Checkbox.Group
            label={t('timesheets.sendTo')}
            value={[...chosen]}
            onChange={(values) => setChosen(new Set(values))}
          >
            <Stack gap="xs" mt="xs">
              {reachable.map((recipient) => (
                <Checkbox
                  key={keyOf(recipient)}
                  value={keyOf(recipient)}
                  label={`${recipient.name} — ${recipient.email ?? formatPhone(recipient.phone ?? '')}`}
                  description={`${t(`timesheets.recipientKinds.${recipient.kind}`)} · ${recipient.language.toUpperCase()}`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <DialogActions onCancel={onClose}>
          <Button
            onClick={submit}
            disabled={chosen.size === 0}
            loading={send.isPending}
            data-testid="timesheet-send-confirm"
          >
            {t('timesheets.sendConfirm')}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
