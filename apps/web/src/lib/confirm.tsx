import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import touchTargets from '../components/TouchTargets.module.css';
import { i18n } from './i18n.ts';
import { requestModalsHost } from './modalsHost.ts';

/** Red for destructive buttons; shade 9 keeps 4.5:1 contrast with white text (shade 6 does not). */
export const dangerColor = 'red.9';

export interface ConfirmOptions {
  title: ReactNode;
  message?: ReactNode;
  /** Confirm button text; default "Confirmer". */
  confirmLabel?: ReactNode;
  /** Cancel button text; default "Annuler". */
  cancelLabel?: ReactNode;
  /** Red confirm button (delete, archive, leave without saving). */
  danger?: boolean;
  /** What the dialog shows under the message besides text (e.g. choices the confirm applies). */
  content?: ReactNode;
}

/**
 * Asks the user to confirm; resolves true on confirm, false on cancel, Escape or closing.
 *
 *   if (await confirmAction({ title: t('clients.deleteTitle'), message: t('clients.deleteMessage', { name }),
 *     confirmLabel: t('common.delete'), danger: true })) remove.mutate();
 */
export async function confirmAction({
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger = false,
  content,
}: ConfirmOptions): Promise<boolean> {
  try {
    await requestModalsHost();
  } catch {
    // The dialogs' code could not be fetched (offline before their first use): the browser asks.
    const text = [title, message].filter((part) => typeof part === 'string').join('\n\n');
    return window.confirm(text || i18n.t('common.confirm'));
  }
  return new Promise<boolean>((resolve) => {
    let answered = false;
    const answer = (value: boolean) => {
      if (answered) return;
      answered = true;
      resolve(value);
    };
    modals.openConfirmModal({
      title: <Text fw={700}>{title}</Text>,
      children: (
        <>
          {message ? <Text size="sm">{message}</Text> : null}
          {content}
        </>
      ),
      labels: {
        confirm: confirmLabel ?? i18n.t('common.confirm'),
        cancel: cancelLabel ?? i18n.t('common.cancel'),
      },
      confirmProps: { color: danger ? dangerColor : undefined, 'data-testid': 'confirm-action' },
      cancelProps: { 'data-testid': 'confirm-cancel' },
      closeButtonProps: { 'aria-label': i18n.t('common.close') },
      // Its buttons 44 px high on a phone, as the screens that ask (a supervisor's approval).
      className: touchTargets.area,
      onConfirm: () => answer(true),
      onCancel: () => answer(false),
      onClose: () => answer(false),
    });
  });
}

/**
 * Asks to confirm the Delete/Archive button of a record: DELETE deletes it when nothing refers to
 * it (`deletable`), else archives it; the red confirm button says which.
 */
export function confirmDeleteOrArchive({
  deletable,
  title,
  message,
}: {
  deletable: boolean;
  title: ReactNode;
  message?: ReactNode;
}): Promise<boolean> {
  return confirmAction({
    title,
    message,
    confirmLabel: i18n.t(deletable ? 'common.delete' : 'common.archive'),
    danger: true,
  });
}
