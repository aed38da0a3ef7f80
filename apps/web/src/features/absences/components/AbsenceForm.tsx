import { type Absence, type AbsenceInputParsed, absenceInputSchema } from '@brigade/shared/absences';
import { awayTypes } from '@brigade/shared/enums';
import { Alert, Anchor, Box, Select, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ClientPicker } from '../../../components/ClientPicker.tsx';
import { DateField } from '../../../components/DateField.tsx';
import { FormActions } from '../../../components/FormActions.tsx';
import { TextAreaField } from '../../../components/FormFields.tsx';
import { FormCard, FormSection } from '../../../components/FormSection.tsx';
import { QuarterHourSelect } from '../../../components/QuarterHourSelect.tsx';
import { SearchPicker } from '../../../components/SearchPicker.tsx';
import { isApiError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { createOrUpdate, useApiMutation } from '../../../lib/queries.ts';
import { useUnsavedChangesGuard } from '../../../lib/useUnsavedChangesGuard.ts';
import { useZodForm } from '../../../lib/useZodForm.ts';
import { clientSitesQuery, createAbsence, employeeSearchQuery, updateAbsence } from '../api.ts';

type Values = z.input<typeof absenceInputSchema>;

export interface AbsenceFormProps {
  absence?: Absence;
  /** A new absence's first values (from the calendar's day, an employee's page). */
  preset?: { employeeId?: string; employeeLabel?: string; startsOn?: string; endsOn?: string; type?: string };
}

/**
 * Create/edit form of an absence: who, what kind, which days (whole or part of the day), why. A
 * Blacklist names a client (and optionally one of its sites) instead of hours, from a date and
 * usually for good. An overlap with another absence is explained above the buttons, with a link to it.
 */
export function AbsenceForm({ absence, preset = {} }: AbsenceFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useZodForm(absenceInputSchema, {
    employeeId: absence?.employee.id ?? preset.employeeId ?? '',
    type: (absence?.type ?? preset.type ?? 'sick') as Values['type'],
    startsOn: absence?.startsOn ?? preset.startsOn ?? '',
    endsOn: absence?.endsOn ?? preset.endsOn ?? preset.startsOn ?? null,
    fromTime: absence?.fromTime ?? null,
    toTime: absence?.toTime ?? null,
    clientId: absence?.client?.id ?? null,
    siteId: absence?.site?.id ?? null,
    reason: absence?.reason ?? '',
  });
  const { allowNavigation } = useUnsavedChangesGuard(form.isDirty());
  const values = form.getValues();
  const blacklist = values.type === 'blacklist';
  const [partDay, setPartDay] = useState(Boolean(absence?.fromTime));
  const [overlap, setOverlap] = useState<{
    id: string;
    type: string;
    startsOn: string;
    endsOn: string;
  } | null>(null);

  const save = useApiMutation({
    ...createOrUpdate(createAbsence, updateAbsence, absence?.id),
    successKey: absence ? 'common.saved' : 'absences.created',
    form,
    onMutate: () => setOverlap(null),
    onSuccess: () => {
      allowNavigation();
      navigate('/absences');
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'ABSENCE_OVERLAP' && error.details?.absence) {
        setOverlap(error.details.absence as typeof overlap);
      }
    },
  });

  const setType = (type: string | null) => {
    if (!type) return;
    form.setFieldValue('type', type as Values['type']);
    if (type === 'blacklist') {
      setPartDay(false);
      form.setValues({
        fromTime: null,
        toTime: null,
        endsOn: absence?.type === 'blacklist' ? values.endsOn : null,
      });
    } else {
      form.setValues({ clientId: null, siteId: null });
    }
  };
  const setStartsOn = (startsOn: string | null) => {
    form.setFieldValue('startsOn', startsOn ?? '');
    // A one-day absence is the usual one: the end follows the start until it is set apart.
    const endsOn = form.getValues().endsOn;
    if (startsOn && !blacklist && (!endsOn || endsOn < startsOn)) form.setFieldValue('endsOn', startsOn);
  };
  const togglePartDay = (on: boolean) => {
    setPartDay(on);
    form.setValues(on ? { fromTime: '08:00', toTime: '12:00' } : { fromTime: null, toTime: null });
  };

  const typeData = [
    {
      group: t('absences.typeAway'),
      items: awayTypes.map((type) => ({ value: type, label: t(`absences.types.${type}`) })),
    },
    {
      group: t('absences.types.blacklist'),
      items: [{ value: 'blacklist', label: t('absences.types.blacklist') }],
    },
  ];

  return (
    <FormCard
      maw={860}
      onSubmit={form.onSubmit((input) => save.mutate(input as AbsenceInputParsed))}
      data-testid="absence-form"
    >
      <FormSection>
        <EmployeePicker
          value={values.employeeId}
          initialLabel={
            absence ? `${absence.employee.lastName}, ${absence.employee.firstName}` : preset.employeeLabel
          }
          onChange={(id) => form.setFieldValue('employeeId', id ?? '')}
          error={form.errors.employeeId}
        />
        <Select
          label={t('absences.type')}
          withAsterisk
          data={typeData}
          allowDeselect={false}
          {...form.getInputProps('type')}
          onChange={setType}
          data-testid="absence-type-select"
        />
        <DateField
          label={blacklist ? t('absences.blacklistSince') : t('absences.startsOn')}
          withAsterisk
          {...form.getInputProps('startsOn')}
          onChange={setStartsOn}
          data-testid="absence-starts-on"
        />
        <DateField
          label={blacklist ? t('absences.blacklistUntil') : t('absences.endsOn')}
          withAsterisk={!blacklist}
          description={blacklist ? t('absences.blacklistUntilHelp') : undefined}
          minDate={values.startsOn || undefined}
          {...form.getInputProps('endsOn')}
          data-testid="absence-ends-on"
        />
      </FormSection>

      {blacklist ? (
        <FormSection title={t('absences.types.blacklist')}>
          <BlacklistFields form={form} clientName={absence?.client?.name} />
        </FormSection>
      ) : (
        <FormSection>
          <Box style={{ gridColumn: '1 / -1' }}>
            <Switch
              label={t('absences.partDay')}
              description={t('absences.partDayHelp')}
              checked={partDay}
              onChange={(event) => togglePartDay(event.currentTarget.checked)}
              data-testid="absence-part-day"
            />
          </Box>
          {partDay ? (
            <>
              <QuarterHourSelect
                edge="start"
                label={t('absences.fromTime')}
                {...form.getInputProps('fromTime')}
              />
              <QuarterHourSelect edge="end" label={t('absences.toTime')} {...form.getInputProps('toTime')} />
            </>
          ) : null}
        </FormSection>
      )}

      <FormSection columns={1}>
        <TextAreaField form={form} path="reason" label={t('absences.reason')} minRows={2} />
      </FormSection>

      {absence?.createdBy ? (
        <Text size="sm" c="dimmed">
          {t('absences.enteredBy')} {absence.createdBy.firstName} {absence.createdBy.lastName}{' '}
          {t('absences.enteredOn', { date: formatDate(absence.createdAt) })}
        </Text>
      ) : null}

      {overlap ? (
        <Alert color="orange" mt="md" data-testid="absence-overlap" role="alert">
          <Text size="sm">
            {t('errors.ABSENCE_OVERLAP', {
              type: t(`absences.types.${overlap.type}`),
              startsOn: formatDate(overlap.startsOn),
              endsOn: formatDate(overlap.endsOn),
            })}{' '}
            {t('absences.overlapHint')}{' '}
            <Anchor component={Link} to={`/absences/edit/${overlap.id}`} size="sm">
              {t('absences.openExisting')}
            </Anchor>
          </Text>
        </Alert>
      ) : null}

      <FormActions saving={save.isPending} fallbackHref="/absences" />
    </FormCard>
  );
}

const employeeOption = (employee: {
  id: string;
  firstName: string;
  lastName: string;
  employeeNumber: string;
}) => ({
  value: employee.id,
  label: `${employee.lastName}, ${employee.firstName} (${employee.employeeNumber})`,
});

/** Active employees, searched on the server as one types; the chosen one keeps its name. */
function EmployeePicker({
  value,
  initialLabel,
  onChange,
  error,
}: {
  value: string;
  initialLabel?: string;
  onChange: (id: string | null) => void;
  error?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <SearchPicker
      label={t('absences.employee')}
      placeholder={t('absences.employeePlaceholder')}
      withAsterisk
      value={value || null}
      initialLabel={initialLabel}
      onChange={(id) => onChange(id)}
      search={(q) => employeeSearchQuery(q ?? '')}
      toOption={employeeOption}
      error={error}
      data-testid="absence-employee"
    />
  );
}

/** A blacklist's client and, optionally, one of its sites. */
function BlacklistFields({
  form,
  clientName,
}: {
  form: ReturnType<typeof useZodForm<typeof absenceInputSchema>>;
  clientName?: string;
}) {
  const { t } = useTranslation();
  const clientId = form.getValues().clientId ?? '';
  const sites = useQuery({ ...clientSitesQuery(clientId), enabled: Boolean(clientId) });
  return (
    <>
      <Box style={{ gridColumn: '1 / -1' }}>
        <Text size="sm" c="dimmed">
          {t('absences.blacklistHelp')}
        </Text>
      </Box>
      <ClientPicker
        label={t('absences.client')}
        placeholder={t('absences.clientPlaceholder')}
        withAsterisk
        initialName={clientName}
        value={clientId || null}
        onChange={(id) => form.setValues({ clientId: id, siteId: null })}
        error={form.errors.clientId}
        data-testid="absence-client"
      />
      <Select
        label={t('absences.site')}
        placeholder={t('absences.allSites')}
        searchable
        clearable
        disabled={!clientId}
        data={(sites.data?.items ?? []).map((site) => ({ value: site.id, label: site.name }))}
        {...form.getInputProps('siteId')}
        data-testid="absence-site"
      />
    </>
  );
}
