import type { SkillOption } from '@brigade/shared/catalog';
import {
  createEmployeeSchema,
  type EmployeeCreated,
  type EmployeeDetail,
  employeeStatuses,
  updateEmployeeSchema,
} from '@brigade/shared/employees';
import { Group, MultiSelect, Radio, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { AddressFields } from '../../../components/AddressFields.tsx';
import { DateField } from '../../../components/DateField.tsx';
import { FormActions } from '../../../components/FormActions.tsx';
import { SwitchField, TextAreaField, TextField } from '../../../components/FormFields.tsx';
import { FormCard, FormSection } from '../../../components/FormSection.tsx';
import { LanguageSelect, PhoneInput } from '../../../components/inputs.tsx';
import { LocationFields } from '../../../components/LocationFields.tsx';
import { isApiError } from '../../../lib/api.ts';
import { personFormValues } from '../../../lib/forms.ts';
import { localName } from '../../../lib/i18n.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { toast } from '../../../lib/toast.tsx';
import { useUnsavedChangesGuard } from '../../../lib/useUnsavedChangesGuard.ts';
import { type FormValues, useZodForm } from '../../../lib/useZodForm.ts';
import {
  createEmployee,
  nextEmployeeNumberQuery,
  skillOptionsQuery,
  toolOptionsQuery,
  updateEmployee,
} from '../api.ts';
import { EmployeeSkillsField } from './EmployeeSkillsField.tsx';

type Values = FormValues<typeof createEmployeeSchema> & { active?: boolean };

/** The number field's id: the suggested number is not written into it while someone is in it. */
const employeeNumberId = 'employee-number';

/**
 * Create/edit form of an employee: identity, contact, address, status and guarantee, skills (one
 * compact row per skill: obtained, expires — only for expirable skills —, remove), tools, notes;
 * on create, the next free employee number and how to send the invitation. Server refusals (409
 * number or e-mail taken…) go beside their fields.
 */
export function EmployeeForm({ employee }: { employee?: EmployeeDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const skillOptions = useQuery(skillOptionsQuery);
  const toolOptions = useQuery(toolOptionsQuery);
  const skillsById = new Map<string, SkillOption>(
    (skillOptions.data?.items ?? []).map((skill) => [skill.id, skill]),
  );
  // A skill the employee holds may have been deactivated since: keep its name in the form.
  for (const held of employee?.skills ?? []) {
    if (!skillsById.has(held.skillId)) skillsById.set(held.skillId, { id: held.skillId, ...held });
  }
  // An expirable skill may wait for its date (shown as to be entered): nothing more to check here.
  const schema = (employee ? updateEmployeeSchema : createEmployeeSchema) as typeof createEmployeeSchema;
  // Every field of the employee, named: a field added to the shared schema fails to compile here.
  const fields = {
    employeeNumber: employee?.employeeNumber ?? '',
    ...personFormValues(employee),
    street: employee?.street ?? '',
    city: employee?.city ?? '',
    province: employee?.province ?? 'QC',
    postalCode: employee?.postalCode ?? '',
    latitude: employee?.latitude ?? null,
    longitude: employee?.longitude ?? null,
    status: employee?.status ?? 'disponible',
    fearOfHeights: employee?.fearOfHeights ?? false,
    warrantyUntil: employee?.warrantyUntil ?? null,
    notes: employee?.notes ?? '',
    skills: (employee?.skills ?? []).map((s) => ({
      skillId: s.skillId,
      obtainedOn: s.obtainedOn,
      expiresOn: s.expiresOn,
    })),
    toolIds: employee?.tools.map((tool) => tool.toolId) ?? [],
  } satisfies Omit<FormValues<typeof updateEmployeeSchema>, 'active'>;
  // The two bodies differ only in these: an edit keeps `active`, a new employee picks an invitation.
  const form = useZodForm(schema, {
    ...fields,
    ...(employee ? { active: employee.active } : { invitationChannel: 'sms' }),
  } as Values);
  const { allowNavigation } = useUnsavedChangesGuard(form.isDirty());

  // A new employee gets the next free number, unless one was typed meanwhile; the form stays
  // "unchanged" (leaving it asks nothing) while nothing else was typed.
  const nextNumber = useQuery({ ...nextEmployeeNumberQuery, enabled: !employee });
  const suggestedNumber = nextNumber.data?.employeeNumber;
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled once, when the suggestion arrives
  useEffect(() => {
    // Not into a field the person has typed in, nor into the one they are in: what they type is
    // never added to it. The check and the field's new value are one task (flushSync): a value set
    // now and drawn a frame later went in front of keys typed in between ("E-10303e-…").
    if (
      !suggestedNumber ||
      form.getValues().employeeNumber ||
      form.isTouched('employeeNumber') ||
      document.activeElement?.id === employeeNumberId
    )
      return;
    const untouched = !form.isDirty();
    flushSync(() => {
      form.setFieldValue('employeeNumber', suggestedNumber);
      if (untouched) form.resetDirty({ ...form.getValues(), employeeNumber: suggestedNumber });
    });
  }, [suggestedNumber]);

  const toolData = [
    ...(toolOptions.data?.items ?? []).map((tool) => ({ value: tool.id, label: localName(tool) })),
    ...(employee?.tools ?? [])
      .filter((tool) => !toolOptions.data?.items.some((option) => option.id === tool.toolId))
      .map((tool) => ({ value: tool.toolId, label: localName(tool) })),
  ];

  const save = useApiMutation({
    mutationFn: (values: z.output<typeof createEmployeeSchema>) =>
      employee
        ? updateEmployee(employee.id).mutationFn(values as unknown as z.output<typeof updateEmployeeSchema>)
        : createEmployee.mutationFn(values),
    changes: createEmployee.changes,
    successKey: employee ? 'common.saved' : false,
    form,
    onSuccess: (saved) => {
      if (!employee) {
        const channel = 'invitation' in saved ? (saved as EmployeeCreated).invitation.channel : undefined;
        toast.success(
          channel === 'sms' || channel === 'email'
            ? t('employees.createdInvited', { channel: t(`channels.${channel}`) })
            : t('employees.created'),
        );
      }
      allowNavigation();
      navigate(`/employees/${saved.id}`);
    },
    onError: (error) => {
      // A skill gone from the catalog meanwhile: name it a skill (tools keep the generic message).
      if (isApiError(error) && error.code === 'VALIDATION_FAILED') {
        for (const field of error.details?.fields ?? []) {
          if (field.message === 'not_found' && field.path.startsWith('skills.')) {
            form.setFieldError(field.path, t('employees.skillUnknown'));
          }
        }
      }
    },
  });

  const submit = form.onSubmit((values) => save.mutate(values));

  return (
    <FormCard maw={960} onSubmit={submit} data-testid="employee-form">
      <FormSection title={t('employees.sections.identity')}>
        <TextField
          form={form}
          path="employeeNumber"
          id={employeeNumberId}
          label={t('employees.employeeNumber')}
          withAsterisk
          placeholder={suggestedNumber}
          description={employee ? undefined : t('employees.employeeNumberHelp')}
        />
        <LanguageSelect {...form.getInputProps('language')} />
        <TextField form={form} path="firstName" label={t('employees.firstName')} withAsterisk />
        <TextField form={form} path="lastName" label={t('employees.lastName')} withAsterisk />
      </FormSection>

      <FormSection title={t('employees.sections.contact')}>
        <PhoneInput
          label={t('employees.mobile')}
          description={t('employees.mobileHelp')}
          {...form.getInputProps('phone')}
        />
        <TextField
          form={form}
          path="email"
          type="email"
          label={t('employees.email')}
          description={t('employees.emailHelp')}
        />
      </FormSection>

      <FormSection title={t('employees.sections.address')}>
        <AddressFields form={form} />
      </FormSection>

      <FormSection title={t('employees.sections.home')}>
        <LocationFields
          form={form}
          city={form.getValues().city}
          mapLabel={t('employees.homeMapLabel')}
          mapHelp={t('employees.homeMapHelp')}
          mapTestId="employee-home-map"
        />
      </FormSection>

      <FormSection title={t('employees.sections.status')}>
        <Select
          label={t('employees.status')}
          data={employeeStatuses.map((status) => ({
            value: status,
            label: t(`employeeStatuses.${status}`),
          }))}
          allowDeselect={false}
          {...form.getInputProps('status')}
        />
        <DateField
          label={t('employees.warrantyUntil')}
          description={t('employees.warrantyHelp')}
          {...form.getInputProps('warrantyUntil')}
        />
        <SwitchField
          form={form}
          path="fearOfHeights"
          label={t('employees.fearOfHeights')}
          description={t('employees.fearOfHeightsHelp')}
        />
        {employee ? (
          <SwitchField
            form={form}
            path="active"
            label={t('employees.active')}
            description={t('employees.activeHelp')}
          />
        ) : null}
      </FormSection>

      <FormSection title={t('employees.sections.skills')} columns={1}>
        <EmployeeSkillsField form={form} skills={skillsById} options={skillOptions.data?.items ?? []} />
      </FormSection>

      <FormSection title={t('employees.sections.tools')} columns={1}>
        <MultiSelect
          label={t('employees.tools')}
          placeholder={t('employees.toolsPlaceholder')}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage={t('list.noResults')}
          data={toolData}
          {...form.getInputProps('toolIds')}
        />
      </FormSection>

      <FormSection title={t('employees.sections.notes')} columns={1}>
        <TextAreaField form={form} path="notes" label={t('employees.notes')} />
      </FormSection>

      {employee ? null : (
        <FormSection title={t('employees.sections.invitation')} columns={1}>
          <Radio.Group
            label={t('employees.invitationChannel')}
            description={t('employees.invitationHelp')}
            {...form.getInputProps('invitationChannel')}
          >
            <Group gap="lg" mt={6}>
              <Radio value="sms" label={t('employees.channels.sms')} />
              <Radio value="email" label={t('employees.channels.email')} />
              <Radio value="none" label={t('employees.channels.none')} />
            </Group>
          </Radio.Group>
        </FormSection>
      )}

      <FormActions
        saving={save.isPending}
        fallbackHref={employee ? `/employees/${employee.id}` : '/employees'}
      />
    </FormCard>
  );
}
