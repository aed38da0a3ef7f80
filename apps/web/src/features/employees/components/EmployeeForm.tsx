import type { SkillOption } from '@brigade/shared/catalog';
import {
  createEmployeeSchema,
  type EmployeeCreated,
  type EmployeeDetail,
  employeeStatuses,
  updateEmployeeSchema,
} from '@brigade/shared/employees';
import {
  ActionIcon,
  Box,
  Group,
  MultiSelect,
  Paper,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { DateField } from '../../../components/DateField.tsx';
import { FormActions } from '../../../components/FormActions.tsx';
import { FormSection } from '../../../components/FormSection.tsx';
import { LanguageSelect, PhoneInput, PostalCodeInput, ProvinceSelect } from '../../../components/inputs.tsx';
import { isApiError } from '../../../lib/api.ts';
import { daysUntil, formatDate } from '../../../lib/format.ts';
import { useApiMutation } from '../../../lib/queries.ts';
import { toast } from '../../../lib/toast.tsx';
import { useUnsavedChangesGuard } from '../../../lib/useUnsavedChangesGuard.ts';
import { useZodForm } from '../../../lib/useZodForm.ts';
import {
  createEmployee,
  nextEmployeeNumberQuery,
  skillOptionsQuery,
  toolOptionsQuery,
  updateEmployee,
} from '../api.ts';
import { localName } from './badges.tsx';
import classes from './EmployeeForm.module.css';

type Values = z.input<typeof createEmployeeSchema> & { active?: boolean };
type SkillRow = { skillId: string; obtainedOn: string | null; expiresOn: string | null };

const full = { gridColumn: '1 / -1' } as const;

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
  const form = useZodForm(schema, {
    employeeNumber: employee?.employeeNumber ?? '',
    firstName: employee?.firstName ?? '',
    lastName: employee?.lastName ?? '',
    language: employee?.language ?? 'fr',
    email: employee?.email ?? '',
    phone: employee?.phone ?? '',
    street: employee?.street ?? '',
    city: employee?.city ?? '',
    province: employee?.province ?? 'QC',
    postalCode: employee?.postalCode ?? '',
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
    ...(employee ? { active: employee.active } : { invitationChannel: 'sms' }),
  } as Values);
  const { allowNavigation } = useUnsavedChangesGuard(form.isDirty());

  // A new employee gets the next free number, unless one was typed meanwhile; the form stays
  // "unchanged" (leaving it asks nothing) while nothing else was typed.
  const nextNumber = useQuery({ ...nextEmployeeNumberQuery, enabled: !employee });
  const suggestedNumber = nextNumber.data?.employeeNumber;
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled once, when the suggestion arrives
  useEffect(() => {
    if (!suggestedNumber || form.getValues().employeeNumber) return;
    const untouched = !form.isDirty();
    form.setFieldValue('employeeNumber', suggestedNumber);
    if (untouched) form.resetDirty({ ...form.getValues(), employeeNumber: suggestedNumber });
  }, [suggestedNumber]);

  const rows = (form.getValues().skills ?? []) as SkillRow[];
  const chosen = new Set(rows.map((row) => row.skillId));
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
            ? t('employees.createdInvited', { channel: t(`employees.channels.${channel}`) })
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

  // The picker empties itself after each pick, ready for the next skill.
  const [skillSearch, setSkillSearch] = useState('');
  const addSkill = (skillId: string | null) => {
    setSkillSearch('');
    if (!skillId || chosen.has(skillId)) return;
    form.insertListItem('skills', { skillId, obtainedOn: null, expiresOn: null });
  };

  return (
    <Paper withBorder radius="sm" p={{ base: 'sm', sm: 'lg' }} maw={960}>
      <form onSubmit={submit} noValidate data-testid="employee-form">
        <FormSection title={t('employees.sections.identity')}>
          <TextInput
            label={t('employees.employeeNumber')}
            withAsterisk
            autoComplete="off"
            maxLength={30}
            placeholder={suggestedNumber}
            description={employee ? undefined : t('employees.employeeNumberHelp')}
            {...form.getInputProps('employeeNumber')}
            key={form.key('employeeNumber')}
          />
          <LanguageSelect {...form.getInputProps('language')} key={form.key('language')} />
          <TextInput
            label={t('employees.firstName')}
            withAsterisk
            autoComplete="off"
            maxLength={100}
            {...form.getInputProps('firstName')}
            key={form.key('firstName')}
          />
          <TextInput
            label={t('employees.lastName')}
            withAsterisk
            autoComplete="off"
            maxLength={100}
            {...form.getInputProps('lastName')}
            key={form.key('lastName')}
          />
        </FormSection>

        <FormSection title={t('employees.sections.contact')}>
          <PhoneInput
            label={t('employees.mobile')}
            description={t('employees.mobileHelp')}
            {...form.getInputProps('phone')}
            key={form.key('phone')}
          />
          <TextInput
            type="email"
            label={t('employees.email')}
            description={t('employees.emailHelp')}
            autoComplete="off"
            maxLength={254}
            {...form.getInputProps('email')}
            key={form.key('email')}
          />
        </FormSection>

        <FormSection title={t('employees.sections.address')}>
          <Box style={full}>
            <TextInput
              label={t('employees.street')}
              autoComplete="off"
              maxLength={200}
              {...form.getInputProps('street')}
              key={form.key('street')}
            />
          </Box>
          <TextInput
            label={t('employees.city')}
            autoComplete="off"
            maxLength={100}
            {...form.getInputProps('city')}
            key={form.key('city')}
          />
          <ProvinceSelect {...form.getInputProps('province')} key={form.key('province')} />
          <PostalCodeInput {...form.getInputProps('postalCode')} key={form.key('postalCode')} />
        </FormSection>

        <FormSection title={t('employees.sections.status')}>
          <Select
            label={t('employees.status')}
            data={employeeStatuses.map((status) => ({
              value: status,
              label: t(`employees.statuses.${status}`),
            }))}
            allowDeselect={false}
            {...form.getInputProps('status')}
            key={form.key('status')}
          />
          <DateField
            label={t('employees.warrantyUntil')}
            description={t('employees.warrantyHelp')}
            {...form.getInputProps('warrantyUntil')}
            key={form.key('warrantyUntil')}
          />
          <Switch
            label={t('employees.fearOfHeights')}
            description={t('employees.fearOfHeightsHelp')}
            {...form.getInputProps('fearOfHeights', { type: 'checkbox' })}
            key={form.key('fearOfHeights')}
          />
          {employee ? (
            <Switch
              label={t('employees.active')}
              description={t('employees.activeHelp')}
              {...form.getInputProps('active', { type: 'checkbox' })}
              key={form.key('active')}
            />
          ) : null}
        </FormSection>

        <FormSection title={t('employees.sections.skills')} columns={1}>
          <Stack gap="xs" data-testid="employee-skills">
            {rows.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('employees.noSkills')}
              </Text>
            ) : (
              <div className={classes.skillHeader} aria-hidden>
                <span>{t('employees.skill')}</span>
                <span>{t('employees.obtainedOn')}</span>
                <span>{t('employees.expiresOn')}</span>
              </div>
            )}
            {rows.map((row, index) => {
              const skill = skillsById.get(row.skillId);
              const name = skill ? localName(skill) : '…';
              const withExpiry = Boolean(skill?.expirable) || row.expiresOn !== null;
              const daysLeft = daysUntil(row.expiresOn);
              return (
                <div key={row.skillId} className={classes.skillRow} data-testid="employee-skill-row">
                  <Text size="sm" fw={600} className={classes.skillName}>
                    {name}
                  </Text>
                  <DateField
                    label={t('employees.obtainedOn')}
                    labelProps={{ className: classes.rowLabel }}
                    size="sm"
                    {...form.getInputProps(`skills.${index}.obtainedOn`)}
                    key={form.key(`skills.${index}.obtainedOn`)}
                  />
                  {withExpiry ? (
                    <DateField
                      label={t('employees.expiresOn')}
                      labelProps={{ className: classes.rowLabel }}
                      size="sm"
                      inputWrapperOrder={['label', 'input', 'description', 'error']}
                      description={
                        daysLeft !== null && daysLeft < 0 ? (
                          <Text span size="xs" c="red.9" fw={600} data-testid="skill-expired">
                            {t('employees.expiredOn', { date: formatDate(row.expiresOn) })}
                          </Text>
                        ) : skill?.expirable && !row.expiresOn ? (
                          t('expiry.toEnter')
                        ) : undefined
                      }
                      {...form.getInputProps(`skills.${index}.expiresOn`)}
                      key={form.key(`skills.${index}.expiresOn`)}
                    />
                  ) : (
                    <Text size="sm" c="dimmed" className={classes.noExpiry}>
                      {t('employees.noExpiry')}
                    </Text>
                  )}
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    className={classes.remove}
                    aria-label={t('employees.removeSkill', { name })}
                    onClick={() => form.removeListItem('skills', index)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </div>
              );
            })}
            <Select
              label={t('employees.addSkill')}
              placeholder={t('employees.addSkillPlaceholder')}
              searchable
              clearable
              value={null}
              onChange={addSkill}
              searchValue={skillSearch}
              onSearchChange={setSkillSearch}
              nothingFoundMessage={t('list.noResults')}
              data={(skillOptions.data?.items ?? [])
                .filter((option) => !chosen.has(option.id))
                .map((option) => ({ value: option.id, label: localName(option) }))}
              maw={480}
              mt={4}
              data-testid="employee-add-skill"
            />
          </Stack>
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
            key={form.key('toolIds')}
          />
        </FormSection>

        <FormSection title={t('employees.sections.notes')} columns={1}>
          <Textarea
            label={t('employees.notes')}
            autosize
            minRows={3}
            maxLength={2000}
            {...form.getInputProps('notes')}
            key={form.key('notes')}
          />
        </FormSection>

        {employee ? null : (
          <FormSection title={t('employees.sections.invitation')} columns={1}>
            <Radio.Group
              label={t('employees.invitationChannel')}
              description={t('employees.invitationHelp')}
              {...form.getInputProps('invitationChannel')}
              key={form.key('invitationChannel')}
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
      </form>
    </Paper>
  );
}
