import { Stack, type StackProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Placeholder shapes while part of a page loads: one region named "Chargement…" / "Loading…", busy.
 * Its role is status: a name on an element without a role breaks screen readers' rules (axe's
 * aria-prohibited-attr), which is how six hand-written placeholders went wrong.
 */
export function LoadingStack({
  children,
  ...props
}: StackProps & { children: ReactNode; 'data-testid'?: string }) {
  const { t } = useTranslation();
  return (
    <Stack role="status" aria-busy="true" aria-label={t('common.loading')} {...props}>
      {children}
    </Stack>
  );
}
