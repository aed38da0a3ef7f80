import { type ClientDetail, type SiteDetail, siteInputSchema, siteTypes } from '@brigade/shared/clients';
import { Box, Button, Group, Loader, Modal, MultiSelect, Select, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Location } from 'react-router';
import { AddressFields } from '../../../components/AddressFields.tsx';
import { DateField } from '../../../components/DateField.tsx';
import { SwitchField, TextAreaField, TextField } from '../../../components/FormFields.tsx';
import { FormSection } from '../../../components/FormSection.tsx';
import { LocationFields } from '../../../components/LocationFields.tsx';
import { useApiMutation } from '../../../lib/queries.ts';
import { useUnsavedChangesGuard } from '../../../lib/useUnsavedChangesGuard.ts';
import { type FormValues, useZodForm } from '../../../lib/useZodForm.ts';
import { clientSupervisorsQuery, createSite, updateSite } from '../api.ts';

function initialValues(client: ClientDetail, site?: SiteDetail): FormValues<typeof siteInputSchema> {
  return {
    name: site?.name ?? '',
    street: site?.street ?? '',
    city: site?.city ?? client.city ?? '',
    province: site?.province ?? client.province,
    postalCode: site?.postalCode ?? '',
    latitude: site?.latitude ?? null,
    longitude: site?.longitude ?? null,
    po: site?.po ?? '',
    jobNumber: site?.jobNumber ?? '',
    type: site?.type ?? 'aucun',
    adminHoursName: site?.adminHoursName ?? '',
    adminHoursEmail: site?.adminHoursEmail ?? '',
    supervisorIds: site?.supervisors.map((s) => s.id) ?? [],
    startDate: site?.startDate ?? null,
    endDate: site?.endDate ?? null,
    comments: site?.comments ?? '',
    archived: site?.archived ?? false,
  };
}

export interface SiteFormModalProps {
  client: ClientDetail;
  /** The site to edit; none to create one. */
  site?: SiteDetail;
  opened: boolean;
  /** Leaves the dialog's address (`?site=…`); the form's unsaved-changes guard may stop it. */
  onClose: () => void;
}

/** The dialog is left when its `site` parameter goes (or the page changes). */
const leavesSiteDialog = (_current: Location, next: Location) =>
  !new URLSearchParams(next.search).has('site');

/**
 * Create or edit a job site of the client, in a modal over the client's page (full screen on
 * phones). Every way out (Annuler, ✕, Escape, Back, a menu link) is a navigation, so the one
 * unsaved-changes guard asks before typed data is lost.
 */
export function SiteFormModal({ client, site, opened, onClose }: SiteFormModalProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      fullScreen={phone}
      title={site ? `${t('clients.site.editTitle')} — ${site.name}` : t('clients.site.new')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700 } }}
      closeOnClickOutside={false}
      trapFocus
    >
      {opened ? <SiteForm client={client} site={site} onDone={onClose} /> : null}
    </Modal>
  );
}

function SiteForm({ client, site, onDone }: { client: ClientDetail; site?: SiteDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useZodForm(siteInputSchema, initialValues(client, site));
  const { allowNavigation } = useUnsavedChangesGuard(form.isDirty(), { leaves: leavesSiteDialog });
  const supervisors = useQuery(clientSupervisorsQuery(client.id));
  // The supervisors API lists the client's active supervisors; the client's page has them too.
  const options = (supervisors.data?.items ?? client.supervisors.filter((s) => s.active)).map((s) => ({
    value: s.id,
    label: `${s.firstName} ${s.lastName}`,
  }));

  const save = useApiMutation({
    ...(site ? updateSite(site.id) : createSite(client.id)),
    successKey: site ? 'common.saved' : 'clients.site.created',
    form,
    onSuccess: () => {
      allowNavigation();
      onDone();
    },
  });

  const values = form.getValues();

  return (
    <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate data-testid="site-form">
      <FormSection title={t('clients.site.site')}>
        <TextField form={form} path="name" label={t('clients.site.name')} withAsterisk data-autofocus />
        <Select
          label={t('clients.site.type')}
          data={siteTypes.map((type) => ({ value: type, label: t(`clients.site.types.${type}`) }))}
          allowDeselect={false}
          {...form.getInputProps('type')}
        />
        <Box style={{ gridColumn: '1 / -1' }}>
          <MultiSelect
            label={t('clients.site.supervisors')}
            description={
              options.length ? t('clients.site.supervisorsHelp') : t('clients.site.noSupervisorOptions')
            }
            withAsterisk
            searchable
            data={options}
            disabled={!options.length}
            rightSection={supervisors.isLoading ? <Loader size="xs" /> : undefined}
            {...form.getInputProps('supervisorIds')}
            data-testid="site-supervisors"
          />
        </Box>
      </FormSection>
      <FormSection title={t('clients.site.project')}>
        <TextInput label={t('clients.site.po')} {...form.getInputProps('po')} />
        <TextField form={form} path="jobNumber" label={t('clients.site.jobNumber')} />
        <DateField label={t('clients.site.startDate')} {...form.getInputProps('startDate')} />
        <DateField label={t('clients.site.endDate')} {...form.getInputProps('endDate')} />
        <TextField form={form} path="adminHoursName" label={t('clients.site.adminHoursName')} />
        <TextField
          form={form}
          path="adminHoursEmail"
          type="email"
          label={t('clients.site.adminHoursEmail')}
        />
      </FormSection>
      <FormSection title={t('clients.site.address')}>
        <AddressFields form={form} />
      </FormSection>
      <FormSection title={t('clients.site.location')}>
        <LocationFields
          form={form}
          city={values.city}
          mapLabel={t('clients.site.mapLabel')}
          mapHelp={t('clients.site.mapHelp')}
          mapTestId="site-map"
        />
      </FormSection>
      <FormSection title={t('clients.site.comments')} columns={1}>
        <TextAreaField
          form={form}
          path="comments"
          label={t('clients.site.comments')}
          minRows={2}
          maxRows={8}
        />
        {site ? (
          <SwitchField
            form={form}
            path="archived"
            label={t('clients.site.archived')}
            description={t('clients.site.archivedHelp')}
          />
        ) : null}
      </FormSection>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onDone} data-testid="site-cancel">
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending} data-testid="site-save">
          {t('common.save')}
        </Button>
      </Group>
    </form>
  );
}
