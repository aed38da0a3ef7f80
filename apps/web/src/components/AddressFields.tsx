import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type BoundForm, TextField } from './FormFields.tsx';
import { PostalCodeInput, ProvinceSelect } from './inputs.tsx';

/**
 * The address of a client, a site or an employee, alike everywhere: street on its own row, then
 * city, province and postal code, inside a `<FormSection>`'s two columns (the form's values have
 * `street`, `city`, `province` and `postalCode`).
 *
 *   <FormSection title={t('clients.address')}><AddressFields form={form} /></FormSection>
 */
export function AddressFields({ form }: { form: BoundForm }) {
  const { t } = useTranslation();
  return (
    <>
      <Box style={{ gridColumn: '1 / -1' }}>
        <TextField form={form} path="street" label={t('address.street')} />
      </Box>
      <TextField form={form} path="city" label={t('address.city')} />
      <ProvinceSelect {...form.getInputProps('province')} />
      <PostalCodeInput {...form.getInputProps('postalCode')} />
    </>
  );
}
