import { type SkillDetail, skillCreateSchema } from '@brigade/shared/catalog';
import { Alert, Box } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormActions } from '../../../components/FormActions.tsx';
import { SwitchField, TextField } from '../../../components/FormFields.tsx';
import { FormCard, FormSection } from '../../../components/FormSection.tsx';
import { useApiMutation } from '../../../lib/queries.ts';
import { useUnsavedChangesGuard } from '../../../lib/useUnsavedChangesGuard.ts';
import { useZodForm } from '../../../lib/useZodForm.ts';
import { createSkill, updateSkill } from '../api.ts';

/**
 * The create/edit form of a skill: both names, the expirable and important switches (and, when
 * editing, whether it is active). Switching expiry on or off warns how many holders it changes.
 * Server refusals go beside the fields; what was typed stays.
 */
export function SkillForm({ skill }: { skill?: SkillDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useZodForm(skillCreateSchema, {
    nameFr: skill?.nameFr ?? '',
    nameEn: skill?.nameEn ?? '',
    expirable: skill?.expirable ?? false,
    important: skill?.important ?? false,
    active: skill?.active ?? true,
  });
  const { allowNavigation } = useUnsavedChangesGuard(form.isDirty());
  // Switching expiry on or off changes what every holder shows: say how many before saving.
  const holders = skill?.holderCount ?? 0;
  const expirable = form.getValues().expirable;
  const expiryChange =
    skill && holders > 0 && expirable !== skill.expirable
      ? expirable
        ? 'skills.becomesExpirable'
        : 'skills.stopsExpiring'
      : null;
  const save = useApiMutation({
    ...(skill ? updateSkill(skill.id) : createSkill),
    successKey: skill ? 'common.saved' : 'skills.created',
    form,
    onSuccess: (saved) => {
      allowNavigation();
      navigate(`/skills/${saved.id}`);
    },
  });

  return (
    <FormCard maw={860} onSubmit={form.onSubmit((values) => save.mutate(values))} data-testid="skill-form">
      <FormSection title={t('skills.names')}>
        <TextField form={form} path="nameFr" label={t('skills.nameFr')} withAsterisk data-autofocus />
        <TextField form={form} path="nameEn" label={t('skills.nameEn')} withAsterisk />
      </FormSection>
      <FormSection title={t('skills.flags')} columns={1}>
        <SwitchField
          form={form}
          path="expirable"
          label={t('skills.expirable')}
          description={t('skills.expirableHelp')}
        />
        {expiryChange ? (
          <Alert
            color="orange"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            role="alert"
            data-testid="skill-expirable-warning"
          >
            {t(expiryChange, { count: holders })}
          </Alert>
        ) : null}
        <SwitchField
          form={form}
          path="important"
          label={t('skills.important')}
          description={t('skills.importantHelp')}
        />
        {skill ? (
          <Box>
            <SwitchField
              form={form}
              path="active"
              label={t('skills.active')}
              description={t('skills.activeHelp')}
            />
          </Box>
        ) : null}
      </FormSection>
      <FormActions saving={save.isPending} fallbackHref={skill ? `/skills/${skill.id}` : '/skills'} />
    </FormCard>
  );
}
