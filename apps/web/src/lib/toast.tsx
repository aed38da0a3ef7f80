import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { i18n } from './i18n.ts';

/** Spec §8: toasts last 3 seconds and can be closed. */
export const toastDuration = 3000;

type ToastKind = 'error' | 'success' | 'warning';

const styles: Record<ToastKind, { color: string; icon: ReactNode }> = {
  error: { color: 'red', icon: <IconX size={18} aria-hidden /> },
  success: { color: 'green', icon: <IconCheck size={18} aria-hidden /> },
  warning: { color: 'yellow', icon: <IconAlertTriangle size={18} aria-hidden /> },
};

function show(kind: ToastKind, message: ReactNode, title?: ReactNode) {
  const { color, icon } = styles[kind];
  return notifications.show({
    color,
    icon,
    title,
    message,
    autoClose: toastDuration,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    'data-testid': `toast-${kind}`,
    role: kind === 'error' ? 'alert' : 'status',
  });
}

export const toast = {
  error: (message: ReactNode, title?: ReactNode) => show('error', message, title),
  /** The spec's "confirmation" style. */
  success: (message: ReactNode, title?: ReactNode) => show('success', message, title),
  warning: (message: ReactNode, title?: ReactNode) => show('warning', message, title),
};
