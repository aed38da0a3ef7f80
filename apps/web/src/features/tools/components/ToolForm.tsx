import { type ToolDetail, toolCreateSchema } from '@brigade/shared/catalog';
import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormActions } from '../../../components/FormActions.tsx';
import { SwitchField, TextAreaField, TextField } from '../../../components/FormFields.tsx';
import { FormCard, FormSection } from '../../../components/FormSection.tsx';
import { useApiMutation } from '../../../lib/queries.ts';
import { useUnsavedChangesGuard } from '../../../lib/useUnsavedChangesGuard.ts';
import { useZodForm } from '../../../lib/useZodForm.ts';
import { createTool, updateTool } from '../api.ts';

/** The create/edit form of a tool: both names, a description (and, when editing, whether it is active). */
export function ToolForm({ tool }: { tool?: ToolDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useZodForm(toolCreateSchema, {
    nameFr: tool?.nameFr ?? '',
    nameEn: tool?.nameEn ?? '',
    description: tool?.description ?? '',
    active: tool?.active ?? true,
  });
  const { allowNavigation } = useUnsavedChangesGuard(form.isDirty());
  const save = useApiMutation({
    ...(tool ? updateTool(tool.id) : createTool),
    successKey: tool ? 'common.saved' : 'tools.created',
    form,
    onSuccess: (saved) => {
      allowNavigation();
      navigate(`/tools/${saved.id}`);
    },
  });

  return (
    <FormCard maw={860} onSubmit={form.onSubmit((values) => save.mutate(values))} data-testid="tool-form">
      <FormSection title={t('tools.names')}>
        <TextField form={form} path="nameFr" label={t('tools.nameFr')} withAsterisk />
        <TextField form={form} path="nameEn" label={t('tools.nameEn')} withAsterisk />
        <Box style={{ gridColumn: '1 / -1' }}>
          <TextAreaField
            form={form}
            path="description"
            label={t('tools.description')}
            description={t('tools.descriptionHelp')}
            minRows={2}
            maxRows={6}
          />
        </Box>
      </FormSection>
      {tool ? (
        <FormSection title={t('tools.status')} columns={1}>
          <SwitchField
            form={form}
            path="active"
            label={t('tools.active')}
            description={t('tools.activeHelp')}
          />
        </FormSection>
      ) : null}
      <FormActions saving={save.isPending} fallbackHref={tool ? `/tools/${tool.id}` : '/tools'} />
    </FormCard>
  );
}
