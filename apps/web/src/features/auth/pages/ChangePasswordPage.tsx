import { passwordSchema } from '@brigade/shared';
import { Alert, Anchor, Button, Center, Loader, PasswordInput, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { fieldErrors } from '../../../lib/forms.ts';
import { changeLanguage, currentLanguage } from '../../../lib/i18n.ts';
import { useResetPassword } from '../api.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { useResetLinkStatus } from '../resetLinkStatus.ts';
import { useSignedIn } from '../useSignedIn.ts';

/**
 * Choosing a password from a reset or invitation link: the link is checked when it opens, so a used
 * or expired one says so at once, with the way to ask for a new one. The page speaks its owner's
 * language (an English-speaking worker invited by SMS reads it in English), and once the password is
 * saved the person is signed in and lands on their home.
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const status = useResetLinkStatus(token);
  const reset = useResetPassword(token);
  const signedIn = useSignedIn();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ownerLanguage = status.data?.language ?? null;
  const [languageSettled, setLanguageSettled] = useState(false);

  // The form waits for the owner's language (its words load once), so it never flashes in another.
  useEffect(() => {
    if (!ownerLanguage) return;
    if (ownerLanguage === currentLanguage()) {
      setLanguageSettled(true);
      return;
    }
    let mounted = true;
    changeLanguage(ownerLanguage)
      .catch(() => {
        // Its words could not be fetched: the page stays in the language it has.
      })
      .finally(() => {
        if (mounted) setLanguageSettled(true);
      });
    return () => {
      mounted = false;
    };
  }, [ownerLanguage]);

  // Known when the link is opened; a link spent meanwhile is refused when the form is sent.
  const linkInvalid =
    status.data?.valid === false || (reset.error instanceof ApiError && reset.error.status === 401);
  const invitation = status.data?.purpose === 'invitation';

  if (status.isPending || (ownerLanguage !== null && !languageSettled)) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('changePassword.checking')} />
      </Center>
    );
  }

  if (linkInvalid) {
    return (
      <AuthCard title={t('changePassword.invalidTitle')}>
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {t('changePassword.invalidLink')}
        </Alert>
        <Button component={RouterLink} to="/forgot-password" fullWidth>
          {t('changePassword.requestNewLink')}
        </Button>
        <Anchor component={RouterLink} to="/login" size="sm">
          {t('forgotPassword.backToLogin')}
        </Anchor>
      </AuthCard>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    const parsed = passwordSchema.safeParse(password);
    if (!parsed.success) next.password = fieldErrors(parsed.error)[''] ?? t('validation.invalid');
    if (!confirmation) next.confirmation = t('validation.required');
    else if (confirmation !== password) next.confirmation = t('changePassword.mismatch');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    reset.mutate(password, {
      // Signed in: home, greeted with the news that the password is saved.
      onSuccess: (result) => signedIn(result, null, 'changePassword.done'),
    });
  };

  return (
    <AuthCard
      title={t(invitation ? 'changePassword.invitationTitle' : 'changePassword.title')}
      lead={t(invitation ? 'changePassword.invitationLead' : 'changePassword.lead')}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t('changePassword.password')}
            description={t('changePassword.rule')}
            name="new-password"
            autoComplete="new-password"
            required
            withAsterisk={false}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={errors.password}
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': t('login.showPassword') }}
            autoFocus
          />
          <PasswordInput
            label={t('changePassword.confirmation')}
            name="confirm-password"
            autoComplete="new-password"
            required
            withAsterisk={false}
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            error={errors.confirmation}
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': t('login.showPassword') }}
          />
          <Button type="submit" fullWidth size="md" loading={reset.isPending}>
            {t('changePassword.submit')}
          </Button>
          <Anchor component={RouterLink} to="/login" size="sm">
            {t('forgotPassword.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
