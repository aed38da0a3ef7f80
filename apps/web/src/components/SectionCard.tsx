import { Paper, type PaperProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A bordered card that is a region of the page, named by its heading: screen readers list it among
 * the page's landmarks under that heading's text. `headingId` is the id of the heading inside.
 */
export function SectionCard({
  headingId,
  children,
  ...props
}: PaperProps & { headingId: string; children: ReactNode; 'data-testid'?: string }) {
  return (
    <Paper withBorder radius="sm" p="md" component="section" aria-labelledby={headingId} {...props}>
      {children}
    </Paper>
  );
}
