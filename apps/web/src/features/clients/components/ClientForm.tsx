import { type ClientDetail, clientInputSchema } from '@brigade/shared/clients';
import { Box, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AddressFields } from '../../../components/AddressFields.tsx';
import { FormActions } from '../../../components/FormActions.tsx';
import { TextAreaField } from '../../../components/FormFields.tsx';
import { FormCard, FormSection } from '../../../components/FormSection.tsx';
import { LanguageSelect, PhoneInput } from '../../../components/inputs.tsx';
import { useApiMutation } from '../../../lib/queries.ts';
import { useUnsavedChangesGuard } from '../../../lib/useUnsavedChangesGuard.ts';
import { useZodForm } from '../../../lib/useZodForm.ts';
import { createClient, updateClient } from '../api.ts';
import { confirmActiveChange } from './clientActivation.tsx';

/** The create/edit form of a client: identification, address, notes (and, when editing, active). */
export function ClientForm({ client }: { client?: ClientDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useZodForm(clientInputSchema, {
    name: client?.name ?? '',
    phone: client?.phone ?? '',
    email: client?.email ?? '',
    street: client?.street ?? '',
    city: client?.city ?? '',
    province: client?.province ?? 'QC',
    postalCode: client?.postalCode ?? '',
    language: client?.language ?? 'fr',
    notes: client?.notes ?? '',
    active: client?.active ?? true,
    timesheetAutoSend: client?.timesheetAutoSend ?? false,
  });
  const { allowNavigation } = useUnsavedChangesGuard(form.isDirty());
  const save = useApiMutation({
    ...(client ? updateClient(client.id) : createClient),
    successKey: client ? 'common.saved' : 'clients.created',
    form,
    onSuccess: (saved) => {
      allowNavigation();
      navigate(`/clients/${saved.id}`);
    },
  });

  return (
    <FormCard
      maw={900}
      onSubmit={form.onSubmit(async (values) => {
        // Turning the switch asks what the Archive and Reactivate buttons ask.
        const activation = client ? await confirmActiveChange(client, values.active) : {};
        if (activation) save.mutate({ ...values, ...activation });
      })}
      data-testid="client-form"
    >
      <FormSection title={t('clients.identification')}>
        <Box style={{ gridColumn: '1 / -1' }}>
          <TextInput
            label={t('clients.name')}
            withAsterisk
            autoComplete="organization"
            data-autofocus
            {...form.getInputProps('name')}
            key={form.key('name')}
          />
        </Box>
        <PhoneInput {...form.getInputProps('phone')} key={form.key('phone')} />
        <TextInput
          type="email"
          label={t('clients.email')}
          autoComplete="email"
          {...form.getInputProps('email')}
          key={form.key('email')}
        />
        <LanguageSelect
          label={t('clients.language')}
          {...form.getInputProps('language')}
          key={form.key('language')}
        />
        {client ? (
          <Switch
            mt={{ sm: 'xl' }}
            label={t('clients.active')}
            description={t('clients.activeHelp')}
            {...form.getInputProps('active', { type: 'checkbox' })}
            key={form.key('active')}
          />
        ) : null}
      </FormSection>
      <FormSection title={t('clients.timesheets')} columns={1}>
        <Switch
          label={t('clients.timesheetAutoSend')}
          description={t('clients.timesheetAutoSendHelp')}
          {...form.getInputProps('timesheetAutoSend', { type: 'checkbox' })}
          key={form.key('timesheetAutoSend')}
          data-testid="client-timesheet-auto-send"
        />
      </FormSection>
      <FormSection title={t('clients.address')}>
        <AddressFields form={form} />
      </FormSection>
      <FormSection title={t('clients.notes')} columns={1}>
        <TextAreaField
          form={form}
          path="notes"
          label={t('clients.notes')}
          description={t('clients.notesHelp')}
          maxRows={10}
        />
      </FormSection>
      <FormActions saving={save.isPending} fallbackHref={client ? `/clients/${client.id}` : '/clients'} />
    </FormCard>
  );
}
