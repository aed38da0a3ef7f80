import { orderPriorities } from '@brigade/shared/enums';
import { type OrderDetail, orderInputSchema } from '@brigade/shared/orders';
import {
  Box,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ClientPicker } from '../../../components/ClientPicker.tsx';
import { DateField } from '../../../components/DateField.tsx';
import { FormActions } from '../../../components/FormActions.tsx';
import { TextAreaField } from '../../../components/FormFields.tsx';
import { FormCard, FormSection } from '../../../components/FormSection.tsx';
import { QuarterHourSelect } from '../../../components/QuarterHourSelect.tsx';
import { companyToday } from '../../../lib/calendar.ts';
import { localName } from '../../../lib/i18n.ts';
import { createOrUpdate, useApiMutation } from '../../../lib/queries.ts';
import { useUnsavedChangesGuard } from '../../../lib/useUnsavedChangesGuard.ts';
import { useZodForm } from '../../../lib/useZodForm.ts';
import { clientSitesQuery, createOrder, skillOptionsQuery, toolOptionsQuery, updateOrder } from '../api.ts';

/** The unpaid breaks offered, in minutes (the time logger's, and the longer ones of some sites). */
const unpaidBreaks = [0, 15, 30, 45, 60, 90];

/**
 * Create, edit or duplicate an order: the client and one of its live sites (and the site's
 * supervisor to report to), the trades (some mandatory), tools, how many workers, the days and
 * daily hours, work at height, priority, notes. A new order starts today at the earliest.
 */
export function OrderForm({ order, duplicate = false }: { order?: OrderDetail; duplicate?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const editing = Boolean(order) && !duplicate;
  const today = companyToday();
  const form = useZodForm(orderInputSchema, {
    clientId: order?.client.id ?? '',
    siteId: order?.site.id ?? '',
    supervisorId: order?.supervisor?.id ?? null,
    skills: order?.skills.map(({ skillId, mandatory }) => ({ skillId, mandatory })) ?? [],
    toolIds: order?.tools.map((tool) => tool.toolId) ?? [],
    workersNeeded: order?.workersNeeded ?? 1,
    // A duplicate keeps the days only when they are still ahead.
    startsOn: order && (editing || order.startsOn >= today) ? order.startsOn : '',
    endsOn: order && (editing || order.startsOn >= today) ? order.endsOn : '',
    includeWeekends: order?.includeWeekends ?? false,
    dailyStart: order?.dailyStart ?? '07:00',
    dailyEnd: order?.dailyEnd ?? '15:30',
    unpaidBreakMinutes: order?.unpaidBreakMinutes ?? 30,
    heightMetres: order?.heightMetres ?? null,
    priority: order?.priority ?? 2,
    notes: order?.notes ?? '',
  });
  const { allowNavigation } = useUnsavedChangesGuard(form.isDirty());
  const values = form.getValues();
  const [atHeight, setAtHeight] = useState(Boolean(order?.heightMetres));

  const sites = useQuery({ ...clientSitesQuery(values.clientId), enabled: Boolean(values.clientId) });
  const skills = useQuery(skillOptionsQuery);
  const tools = useQuery(toolOptionsQuery);
  const liveSites = (sites.data?.items ?? []).filter(
    (site) => site.status !== 'inactive' || site.id === order?.site.id,
  );
  const site = liveSites.find((candidate) => candidate.id === values.siteId);

  const save = useApiMutation({
    ...createOrUpdate(createOrder, updateOrder, editing ? order?.id : undefined),
    successKey: editing ? 'common.saved' : 'orders.created',
    form,
    onSuccess: (saved) => {
      allowNavigation();
      navigate(`/orders/${saved.id}`);
    },
  });

  const chosenSkills = values.skills ?? [];
  const skillName = (skillId: string) => {
    const option = skills.data?.items.find((skill) => skill.id === skillId);
    const held = order?.skills.find((skill) => skill.skillId === skillId);
    return option ? localName(option) : held ? localName(held) : skillId;
  };

  return (
    <FormCard maw={960} onSubmit={form.onSubmit((input) => save.mutate(input))} data-testid="order-form">
      <FormSection title={t('orders.sections.where')}>
        <ClientPicker
          label={t('orders.client')}
          withAsterisk
          activeOnly
          initialName={order?.client.name}
          value={values.clientId || null}
          onChange={(clientId) =>
            form.setValues({ clientId: clientId ?? '', siteId: '', supervisorId: null })
          }
          error={form.errors.clientId}
          data-testid="order-client"
        />
        <Select
          label={t('orders.site')}
          withAsterisk
          searchable
          disabled={!values.clientId}
          placeholder={values.clientId ? undefined : t('orders.sitePlaceholder')}
          data={liveSites.map((candidate) => ({
            value: candidate.id,
            label: candidate.city ? `${candidate.name} — ${candidate.city}` : candidate.name,
          }))}
          {...form.getInputProps('siteId')}
          onChange={(siteId) => {
            const chosen = liveSites.find((candidate) => candidate.id === siteId);
            // The site's only supervisor is the one to report to.
            form.setValues({
              siteId: siteId ?? '',
              supervisorId: chosen?.supervisors.length === 1 ? (chosen.supervisors[0]?.id ?? null) : null,
            });
          }}
          data-testid="order-site"
        />
        <Select
          label={t('orders.supervisor')}
          clearable
          disabled={!site}
          data={(site?.supervisors ?? []).map((supervisor) => ({
            value: supervisor.id,
            label: `${supervisor.firstName} ${supervisor.lastName}`,
          }))}
          {...form.getInputProps('supervisorId')}
        />
      </FormSection>

      <FormSection title={t('orders.sections.what')}>
        <Box style={{ gridColumn: '1 / -1' }}>
          <MultiSelect
            label={t('orders.skills')}
            description={t('orders.skillsHelp')}
            withAsterisk
            searchable
            hidePickedOptions
            data={(skills.data?.items ?? []).map((skill) => ({ value: skill.id, label: localName(skill) }))}
            value={chosenSkills.map((skill) => skill.skillId)}
            onChange={(ids) =>
              form.setFieldValue(
                'skills',
                ids.map((skillId) => ({
                  skillId,
                  mandatory: chosenSkills.find((skill) => skill.skillId === skillId)?.mandatory ?? true,
                })),
              )
            }
            error={form.errors.skills}
            data-testid="order-skills"
          />
          {chosenSkills.length ? (
            <Stack gap={4} mt={6}>
              {chosenSkills.map((skill, index) => (
                <Checkbox
                  key={skill.skillId}
                  label={`${skillName(skill.skillId)} — ${t('orders.mandatory').toLowerCase()}`}
                  {...form.getInputProps(`skills.${index}.mandatory`, { type: 'checkbox' })}
                />
              ))}
            </Stack>
          ) : null}
        </Box>
        <NumberInput
          label={t('orders.workersNeeded')}
          withAsterisk
          min={1}
          max={500}
          allowDecimal={false}
          {...form.getInputProps('workersNeeded')}
          data-testid="order-workers"
        />
        <MultiSelect
          label={t('orders.tools')}
          searchable
          hidePickedOptions
          data={(tools.data?.items ?? []).map((tool) => ({ value: tool.id, label: localName(tool) }))}
          {...form.getInputProps('toolIds')}
        />
        <Stack gap={6}>
          <Switch
            label={t('orders.atHeight')}
            checked={atHeight}
            onChange={(event) => {
              setAtHeight(event.currentTarget.checked);
              form.setFieldValue('heightMetres', event.currentTarget.checked ? 3 : null);
            }}
          />
          {atHeight ? (
            <NumberInput
              label={t('orders.heightMetres')}
              min={0.5}
              max={500}
              step={0.5}
              decimalScale={1}
              {...form.getInputProps('heightMetres')}
            />
          ) : null}
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="order-priority">
            {t('orders.priority')}
          </Text>
          <SegmentedControl
            aria-labelledby="order-priority"
            data={orderPriorities.map((priority) => ({
              value: String(priority),
              label: t(`orders.priorities.${priority}`),
            }))}
            value={String(values.priority ?? 2)}
            onChange={(value) =>
              form.setFieldValue(
                'priority',
                orderPriorities.find((priority) => String(priority) === value) ?? 2,
              )
            }
          />
        </Stack>
      </FormSection>

      <FormSection title={t('orders.sections.when')}>
        <DateField
          label={t('orders.startsOn')}
          withAsterisk
          minDate={editing ? undefined : today}
          {...form.getInputProps('startsOn')}
          onChange={(startsOn) => {
            form.setFieldValue('startsOn', startsOn ?? '');
            const endsOn = form.getValues().endsOn;
            if (startsOn && (!endsOn || endsOn < startsOn)) form.setFieldValue('endsOn', startsOn);
          }}
          data-testid="order-starts-on"
        />
        <DateField
          label={t('orders.endsOn')}
          withAsterisk
          minDate={values.startsOn || undefined}
          {...form.getInputProps('endsOn')}
          data-testid="order-ends-on"
        />
        <QuarterHourSelect
          edge="start"
          label={t('orders.dailyStart')}
          withAsterisk
          {...form.getInputProps('dailyStart')}
        />
        <QuarterHourSelect
          edge="end"
          label={t('orders.dailyEnd')}
          withAsterisk
          {...form.getInputProps('dailyEnd')}
        />
        <Select
          label={t('orders.unpaidBreak')}
          description={t('orders.unpaidBreakHelp')}
          data={unpaidBreaks.map((minutes) => ({ value: String(minutes), label: String(minutes) }))}
          value={String(values.unpaidBreakMinutes ?? 0)}
          onChange={(minutes) => form.setFieldValue('unpaidBreakMinutes', Number(minutes ?? 0))}
          error={form.errors.unpaidBreakMinutes}
          allowDeselect={false}
          data-testid="order-unpaid-break"
        />
        <Group style={{ gridColumn: '1 / -1' }}>
          <Switch
            label={t('orders.includeWeekends')}
            {...form.getInputProps('includeWeekends', { type: 'checkbox' })}
          />
        </Group>
      </FormSection>

      <FormSection title={t('orders.sections.notes')} columns={1}>
        <TextAreaField form={form} path="notes" label={t('orders.notes')} minRows={2} />
      </FormSection>

      <FormActions saving={save.isPending} fallbackHref={order ? `/orders/${order.id}` : '/orders'} />
    </FormCard>
  );
}
