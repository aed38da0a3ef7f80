import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export interface FormActionsProps {
  /** The save call is running: the button shows a spinner and ignores clicks. */
  saving?: boolean;
  /** Where Annuler goes; default: back in history (or `fallbackHref` on a fresh tab). */
  cancelHref?: string;
  /** Used by Annuler when there is no previous page in this tab. */
  fallbackHref?: string;
  /** Save button text; default "Enregistrer". */
  saveLabel?: string;
}

/**
 * The buttons at the bottom of a create/edit form: Enregistrer (submit) and Annuler.
 * Put it inside the `<form>`; Annuler goes through the unsaved-changes guard like any navigation.
 *
 *   <FormActions saving={save.isPending} fallbackHref="/clients" />
 */
export function FormActions({ saving = false, cancelHref, fallbackHref = '/', saveLabel }: FormActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cancel = () => {
    if (cancelHref) navigate(cancelHref);
    // history.state.idx is react-router's position in this tab's history.
    else if ((window.history.state?.idx ?? 0) > 0) navigate(-1);
    else navigate(fallbackHref);
  };
  return (
    <Group justify="flex-end" gap="sm" mt="lg">
      <Button variant="default" onClick={cancel} data-testid="form-cancel">
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={saving} data-testid="form-save">
        {saveLabel ?? t('common.save')}
      </Button>
    </Group>
  );
}
