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

interface ToastOptions {
  title?: ReactNode;
  /**
   * Names a toast that stands for a passing state (no network): shown again, it replaces itself
   * instead of piling up, and `toast.hide(id)` takes it away once the state is over.
   */
  id?: string;
}

function show(kind: ToastKind, message: ReactNode, { title, id }: ToastOptions = {}) {
  const { color, icon } = styles[kind];
  if (id) notifications.hide(id);
  return notifications.show({
    ...(id ? { id } : {}),
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
  error: (message: ReactNode, options?: ToastOptions) => show('error', message, options),
  /** The spec's "confirmation" style. */
  success: (message: ReactNode, options?: ToastOptions) => show('success', message, options),
  warning: (message: ReactNode, options?: ToastOptions) => show('warning', message, options),
  hide: (id: string) => notifications.hide(id),
};
