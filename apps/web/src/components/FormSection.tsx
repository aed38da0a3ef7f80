import { Fieldset, Paper, SimpleGrid } from '@mantine/core';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';

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

/**
 * The card of a create/edit screen and the form in it, its width fitted to its fields. The browser's
 * own validation is off: the fields show the schema's errors (lib/useZodForm.ts).
 *
 *   <FormCard maw={860} onSubmit={form.onSubmit((values) => save.mutate(values))} data-testid="tool-form">
 *     <FormSection …/>…<FormActions …/>
 *   </FormCard>
 */
export function FormCard({ maw, children, ...props }: ComponentPropsWithoutRef<'form'> & { maw: number }) {
  return (
    <Paper withBorder radius="sm" p={{ base: 'sm', sm: 'lg' }} maw={maw}>
      <form noValidate {...props}>
        {children}
      </form>
    </Paper>
  );
}
