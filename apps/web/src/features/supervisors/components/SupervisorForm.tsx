import {
  type SupervisorCreate,
  type SupervisorDetail,
  type SupervisorOrphanedSite,
  type SupervisorUpdate,
  supervisorCreateSchema,
  supervisorUpdateSchema,
} from '@brigade/shared';
import { Box, Radio, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FormActions } from '../../../components/FormActions.tsx';
import { SwitchField, TextField } from '../../../components/FormFields.tsx';
import { FormSection } from '../../../components/FormSection.tsx';
import { LanguageSelect, PhoneInput } from '../../../components/inputs.tsx';
import { personFormValues } from '../../../lib/forms.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { useUnsavedChangesGuard } from '../../../lib/useUnsavedChangesGuard.ts';
import { type FormValues, useZodForm } from '../../../lib/useZodForm.ts';
import { clientOptions, createSupervisor, orphanedSites, updateSupervisor } from '../api.ts';
import { OrphanedSitesAlert } from './OrphanedSitesAlert.tsx';

/** Both bodies' fields: an edit sends `active`, a new supervisor's `invitationChannel` (each schema drops the other). */
type Values = FormValues<typeof supervisorCreateSchema> & { active: boolean };

/**
 * The create and edit form of a supervisor: identity, contact, client, language, invitation or
 * status. Opened from a client's page (`/supervisor/create?clientId=…`), the client is chosen
 * already and saving goes back to that client, where the new supervisor can be put on a site.
 */
export function SupervisorForm({ supervisor }: { supervisor?: SupervisorDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const fromClientId = supervisor ? null : searchParams.get('clientId');
  const editing = !!supervisor;
  const schema = (editing ? supervisorUpdateSchema : supervisorCreateSchema) as typeof supervisorCreateSchema;
  const initialValues: Values = {
    ...personFormValues(supervisor),
    clientId: supervisor?.clientId ?? fromClientId ?? '',
    invitationChannel: 'email',
    active: supervisor?.active ?? true,
  };
  const form = useZodForm(schema, initialValues);
  const values = form.getValues() as Values;
  const { allowNavigation } = useUnsavedChangesGuard(form.isDirty());
  const [conflict, setConflict] = useState<SupervisorOrphanedSite[] | null>(null);

  const clients = useQuery(clientOptions());
  const clientData = [...(clients.data ?? [])];
  // An archived client is not offered, but a supervisor who already belongs to one keeps it.
  if (supervisor?.client && !clientData.some((c) => c.value === supervisor.client?.id)) {
    clientData.unshift({ value: supervisor.client.id, label: supervisor.client.name });
  }

  // One form for both: the edit schema's output is the PUT body, the create schema's the POST body.
  const save = useApiMutation<SupervisorDetail, SupervisorCreate | SupervisorUpdate>({
    mutationFn: (body) =>
      editing
        ? updateSupervisor(supervisor.id).mutationFn(body as SupervisorUpdate)
        : createSupervisor.mutationFn(body as SupervisorCreate),
    changes: createSupervisor.changes,
    successKey: editing ? 'common.saved' : 'supervisors.createdToast',
    form,
    meta: { inlineErrorCodes: ['CONFLICT'] },
    onMutate: () => setConflict(null),
    onSuccess: (saved) => {
      allowNavigation();
      navigate(
        fromClientId && saved.clientId === fromClientId
          ? `/clients/${fromClientId}`
          : `/supervisor/${saved.id}`,
      );
    },
    onError: (error) => {
      const sites = orphanedSites(error);
      if (sites) setConflict(sites);
    },
  });

  const hasPhone = (values.phone ?? '').trim() !== '';

  return (
    <form
      onSubmit={form.onSubmit((parsed) => save.mutate(parsed as SupervisorCreate | SupervisorUpdate))}
      noValidate
    >
      <FormSection title={t('supervisors.sections.identity')}>
        <TextField form={form} path="firstName" label={t('supervisors.fields.firstName')} withAsterisk />
        <TextField form={form} path="lastName" label={t('supervisors.fields.lastName')} withAsterisk />
      </FormSection>

      <FormSection title={t('supervisors.sections.contact')}>
        <TextField
          form={form}
          path="email"
          type="email"
          label={t('supervisors.fields.email')}
          description={t('supervisors.fields.emailHelp')}
          withAsterisk
        />
        <PhoneInput
          label={t('supervisors.fields.phone')}
          description={t('supervisors.fields.phoneHelp')}
          {...form.getInputProps('phone')}
        />
      </FormSection>

      <FormSection title={t('supervisors.sections.work')}>
        <Select
          label={t('supervisors.fields.client')}
          placeholder={t('supervisors.fields.clientPlaceholder')}
          withAsterisk
          searchable
          nothingFoundMessage={t('list.noResults')}
          data={clientData}
          disabled={clients.isLoading && !supervisor}
          {...form.getInputProps('clientId')}
          data-testid="supervisor-client"
        />
        <LanguageSelect
          description={t('supervisors.fields.languageHelp')}
          {...form.getInputProps('language')}
        />
        {editing ? (
          <Box pt={{ base: 0, sm: 'lg' }}>
            <SwitchField form={form} path="active" label={t('supervisors.fields.active')} />
          </Box>
        ) : null}
      </FormSection>

      {editing ? null : (
        <FormSection title={t('supervisors.sections.invitation')} columns={1}>
          <Radio.Group
            label={t('supervisors.fields.invitationChannel')}
            description={t('supervisors.fields.invitationHelp')}
            {...form.getInputProps('invitationChannel')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="email" label={t('supervisors.invite.email')} />
              <Radio
                value="sms"
                label={t('supervisors.invite.sms')}
                disabled={!hasPhone}
                description={hasPhone ? undefined : t('supervisors.invite.smsNeedsPhone')}
              />
              <Radio value="none" label={t('supervisors.invite.none')} />
            </Stack>
          </Radio.Group>
        </FormSection>
      )}

      {conflict ? (
        <Stack gap="xs">
          <OrphanedSitesAlert sites={conflict} onClose={() => setConflict(null)} />
          <Text size="sm" c="dimmed">
            {t('supervisors.onlySupervisor.hint')}
          </Text>
        </Stack>
      ) : null}

      <FormActions
        saving={save.isPending}
        fallbackHref={
          editing ? `/supervisor/${supervisor.id}` : fromClientId ? `/clients/${fromClientId}` : '/supervisor'
        }
      />
    </form>
  );
}
