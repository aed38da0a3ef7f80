import { Fieldset, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

export interface FormSectionProps {
  /** The section's legend, e.g. "Adresse". */
  title?: ReactNode;
  /** Columns on desktop (1 on phones); default 2. */
  columns?: number;
  children: ReactNode;
}

/**
 * A titled group of fields, laid out in 2 columns from the `sm` breakpoint, 1 on phones.
 * A field that should span the row: `<Box style={{ gridColumn: '1 / -1' }}>…</Box>`.
 *
 *   <FormSection title={t('clients.address')}><TextInput …/><ProvinceSelect …/></FormSection>
 */
export function FormSection({ title, columns = 2, children }: FormSectionProps) {
  return (
    <Fieldset
      legend={title}
      variant="unstyled"
      mb="lg"
      styles={{ legend: { fontWeight: 700, marginBottom: 8 } }}
    >
      <SimpleGrid cols={{ base: 1, sm: columns }} spacing="md" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Fieldset>
  );
}
