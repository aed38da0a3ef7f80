import { Button, type ButtonProps, type ElementProps } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { dangerColor } from '../lib/confirm.tsx';

export interface DangerButtonProps extends ButtonProps, ElementProps<'button', keyof ButtonProps> {
  /** Default: a bin (Supprimer). */
  icon?: ReactNode;
}

/**
 * The button of a destructive action (Supprimer, Annuler la commande), alike on every page: outlined
 * in the danger colour, its icon on the left. Ask first (`confirmAction`) in its `onClick`.
 *
 *   <DangerButton onClick={onDelete} loading={remove.isPending}>{t('common.delete')}</DangerButton>
 */
export function DangerButton({ icon = <IconTrash size={16} aria-hidden />, ...props }: DangerButtonProps) {
  return <Button variant="outline" color={dangerColor} leftSection={icon} {...props} />;
}
