import { Button, Group, Modal, type ModalProps, Text } from '@mantine/core';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import touchTargets from './TouchTargets.module.css';

/**
 * A dialog of the app's own (not a `confirmAction`): its title in bold, its close button named
 * "Fermer" for screen readers (Mantine's has no name), its buttons 44 px on a phone.
 *
 *   <Dialog opened={opened} onClose={onClose} title={t('timesheets.sendTitle')} centered>…</Dialog>
 */
export function Dialog({ title, className, ...props }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      title={<Text fw={700}>{title}</Text>}
      className={clsx(touchTargets.area, className)}
      {...props}
    />
  );
}

/**
 * The buttons at the bottom of a dialog: Annuler (closes it), then the dialog's own action.
 *
 *   <DialogActions onCancel={onClose}><Button type="submit" …>{t('applicants.hire')}</Button></DialogActions>
 */
export function DialogActions({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      {children}
    </Group>
  );
}
