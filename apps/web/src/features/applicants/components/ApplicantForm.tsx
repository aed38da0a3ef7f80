import {
  type ApplicantDetail,
  type ApplicantUpdateParsed,
  applicantUpdateSchema,
} from '@brigade/shared/applicants';
import { applicantSources, ccqCardLevels } from '@brigade/shared/enums';
import { MultiSelect, NumberInput, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DateField } from '../../../components/DateField.tsx';
import { FormActions } from '../../../components/FormActions.tsx';
import { TextAreaField, TextField } from '../../../components/FormFields.tsx';
import { FormCard, FormSection } from '../../../components/FormSection.tsx';
import { LanguageSelect, PhoneInput } from '../../../components/inputs.tsx';
import { personFormValues } from '../../../lib/forms.ts';
import { localName } from '../../../lib/i18n.ts';
import { createOrUpdate, useApiMutation } from '../../../lib/queries.ts';
import { useUnsavedChangesGuard } from '../../../lib/useUnsavedChangesGuard.ts';
import { useZodForm } from '../../../lib/useZodForm.ts';
import { createApplicant, skillOptionsQuery, updateApplicant } from '../api.ts';

/**
 * Create/edit form of an applicant: who they are and how to reach them, their trade (skills,
 * experience, CCQ card), where they come from and when they are available, notes. The status
 * moves on the board or the applicant's page, where each move is kept.
 */
export function ApplicantForm({ applicant }: { applicant?: ApplicantDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const skills = useQuery(skillOptionsQuery);
  // Every field, as PUT takes them; POST takes the same (a new applicant's status is `new`).
  const form = useZodForm(applicantUpdateSchema, {
    ...personFormValues(applicant),
    city: applicant?.city ?? '',
    skillIds: applicant?.skills.map((skill) => skill.id) ?? [],
    yearsOfExperience: applicant?.yearsOfExperience ?? null,
    ccqCardNumber: applicant?.ccqCardNumber ?? '',
    ccqCardLevel: applicant?.ccqCardLevel ?? null,
    ccqCardExpiresOn: applicant?.ccqCardExpiresOn ?? null,
    availableOn: applicant?.availableOn ?? null,
    source: applicant?.source ?? 'referral',
    notes: applicant?.notes ?? '',
  });
  const { allowNavigation } = useUnsavedChangesGuard(form.isDirty());
  const save = useApiMutation({
    ...createOrUpdate<ApplicantUpdateParsed, ApplicantDetail, ApplicantDetail>(
      createApplicant,
      updateApplicant,
      applicant?.id,
    ),
    successKey: applicant ? 'common.saved' : 'applicants.created',
    form,
    onSuccess: (saved) => {
      allowNavigation();
      navigate(`/applicants/${saved.id}`);
    },
  });
  const skillData = [
    ...(skills.data?.items ?? []).map((skill) => ({ value: skill.id, label: localName(skill) })),
    ...(applicant?.skills ?? [])
      .filter((held) => !skills.data?.items.some((skill) => skill.id === held.id))
      .map((held) => ({ value: held.id, label: localName(held) })),
  ];

  return (
    <FormCard
      maw={960}
      onSubmit={form.onSubmit((values) => save.mutate(values))}
      data-testid="applicant-form"
    >
      <FormSection title={t('applicants.sections.identity')}>
        <TextField form={form} path="firstName" label={t('applicants.firstName')} withAsterisk />
        <TextField form={form} path="lastName" label={t('applicants.lastName')} withAsterisk />
        <PhoneInput label={t('applicants.mobile')} withAsterisk {...form.getInputProps('phone')} />
        <TextField form={form} path="email" type="email" label={t('applicants.email')} />
        <LanguageSelect {...form.getInputProps('language')} />
        <TextField form={form} path="city" label={t('applicants.city')} />
      </FormSection>

      <FormSection title={t('applicants.sections.trade')}>
        <MultiSelect
          label={t('applicants.skills')}
          searchable
          hidePickedOptions
          data={skillData}
          {...form.getInputProps('skillIds')}
          data-testid="applicant-skills"
        />
        <NumberInput
          label={t('applicants.years')}
          min={0}
          max={70}
          allowDecimal={false}
          {...form.getInputProps('yearsOfExperience')}
        />
        <TextField
          form={form}
          path="ccqCardNumber"
          label={t('applicants.ccqCardNumber')}
          inputMode="numeric"
        />
        <Select
          label={t('applicants.ccqCardLevel')}
          clearable
          data={ccqCardLevels.map((level) => ({ value: level, label: t(`applicants.levels.${level}`) }))}
          {...form.getInputProps('ccqCardLevel')}
        />
        <DateField label={t('applicants.ccqCardExpiresOn')} {...form.getInputProps('ccqCardExpiresOn')} />
      </FormSection>

      <FormSection title={t('applicants.sections.recruiting')}>
        <Select
          label={t('applicants.source')}
          allowDeselect={false}
          data={applicantSources.map((source) => ({
            value: source,
            label: t(`applicants.sources.${source}`),
          }))}
          {...form.getInputProps('source')}
        />
        <DateField label={t('applicants.availableOn')} {...form.getInputProps('availableOn')} />
      </FormSection>

      <FormSection title={t('applicants.sections.notes')} columns={1}>
        <TextAreaField form={form} path="notes" label={t('applicants.notes')} minRows={3} />
      </FormSection>

      <FormActions
        saving={save.isPending}
        fallbackHref={applicant ? `/applicants/${applicant.id}` : '/applicants'}
      />
    </FormCard>
  );
}
