import { type PrivacyIncident, privacyIncidentInputSchema } from '@brigade/shared/privacy';
import { Box, NumberInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DateField } from '../../../components/DateField.tsx';
import { FormActions } from '../../../components/FormActions.tsx';
import { SwitchField, TextAreaField } from '../../../components/FormFields.tsx';
import { FormCard, FormSection } from '../../../components/FormSection.tsx';
import { createOrUpdate, useApiMutation } from '../../../lib/queries.ts';
import { useUnsavedChangesGuard } from '../../../lib/useUnsavedChangesGuard.ts';
import { useZodForm } from '../../../lib/useZodForm.ts';
import { createPrivacyIncident, updatePrivacyIncident } from '../api.ts';

/** The record of a confidentiality incident (Law 25, s. 3.8): what, whom, the risk, the notices, the measures. */
export function PrivacyIncidentForm({ incident }: { incident?: PrivacyIncident }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useZodForm(privacyIncidentInputSchema, {
    occurredOn: incident?.occurredOn ?? '',
    discoveredOn: incident?.discoveredOn ?? '',
    description: incident?.description ?? '',
    personalInformation: incident?.personalInformation ?? '',
    affectedCount: incident?.affectedCount ?? null,
    affectedPeople: incident?.affectedPeople ?? '',
    seriousInjuryRisk: incident?.seriousInjuryRisk ?? false,
    riskAssessment: incident?.riskAssessment ?? '',
    commissionNotifiedOn: incident?.commissionNotifiedOn ?? null,
    peopleNotifiedOn: incident?.peopleNotifiedOn ?? null,
    measures: incident?.measures ?? '',
  });
  const { allowNavigation } = useUnsavedChangesGuard(form.isDirty());
  const save = useApiMutation({
    ...createOrUpdate(createPrivacyIncident, updatePrivacyIncident, incident?.id),
    successKey: incident ? 'common.saved' : 'privacy.register.created',
    form,
    onSuccess: () => {
      allowNavigation();
      navigate('/privacy-incidents');
    },
  });
  const values = form.getValues();
  const dateProps = (path: 'occurredOn' | 'discoveredOn') => ({
    ...form.getInputProps(path),
    onChange: (value: string | null) => form.setFieldValue(path, value ?? ''),
  });

  return (
    <FormCard
      maw={900}
      onSubmit={form.onSubmit((parsed) => save.mutate(parsed))}
      data-testid="privacy-incident-form"
    >
      <FormSection title={t('privacy.register.incident')}>
        <DateField
          label={t('privacy.register.occurredOn')}
          withAsterisk
          data-autofocus
          {...dateProps('occurredOn')}
          data-testid="incident-occurred-on"
        />
        <DateField
          label={t('privacy.register.discoveredOn')}
          withAsterisk
          minDate={values.occurredOn || undefined}
          {...dateProps('discoveredOn')}
          data-testid="incident-discovered-on"
        />
        <Box style={{ gridColumn: '1 / -1' }}>
          <TextAreaField
            form={form}
            path="description"
            label={t('privacy.register.description')}
            withAsterisk
          />
        </Box>
        <Box style={{ gridColumn: '1 / -1' }}>
          <TextAreaField
            form={form}
            path="personalInformation"
            label={t('privacy.register.personalInformation')}
            withAsterisk
          />
        </Box>
      </FormSection>
      <FormSection title={t('privacy.register.people')}>
        <NumberInput
          label={t('privacy.register.affectedCount')}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('affectedCount')}
          onChange={(value) => form.setFieldValue('affectedCount', value === '' ? null : Number(value))}
          value={values.affectedCount ?? ''}
        />
        <Box style={{ gridColumn: '1 / -1' }}>
          <TextAreaField
            form={form}
            path="affectedPeople"
            label={t('privacy.register.affectedPeople')}
            description={t('privacy.register.affectedPeopleHelp')}
          />
        </Box>
      </FormSection>
      <FormSection title={t('privacy.register.seriousInjuryRisk')} columns={1}>
        <SwitchField
          form={form}
          path="seriousInjuryRisk"
          label={t('privacy.register.seriousInjuryRiskSwitch')}
        />
        <TextAreaField
          form={form}
          path="riskAssessment"
          label={t('privacy.register.riskAssessment')}
          description={t('privacy.register.riskAssessmentHelp')}
        />
      </FormSection>
      <FormSection title={t('privacy.register.notices')}>
        <DateField
          label={t('privacy.register.commissionNotifiedOn')}
          description={t('privacy.register.noticeHelp')}
          {...form.getInputProps('commissionNotifiedOn')}
        />
        <DateField
          label={t('privacy.register.peopleNotifiedOn')}
          description={t('privacy.register.noticeHelp')}
          {...form.getInputProps('peopleNotifiedOn')}
        />
      </FormSection>
      <FormSection title={t('privacy.register.measures')} columns={1}>
        <TextAreaField
          form={form}
          path="measures"
          label={t('privacy.register.measures')}
          description={t('privacy.register.measuresHelp')}
        />
      </FormSection>
      <FormActions saving={save.isPending} fallbackHref="/privacy-incidents" />
    </FormCard>
  );
}
