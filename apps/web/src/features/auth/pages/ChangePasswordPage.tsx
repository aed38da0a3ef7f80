import { passwordSchema } from '@brigade/shared';
import { Alert, Anchor, Button, Center, Loader, PasswordInput, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { fieldErrors } from '../../../lib/forms.ts';
import { toast } from '../../../lib/toast.tsx';
import { useResetPassword } from '../api.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { useResetLinkStatus } from '../resetLinkStatus.ts';

/**
 * Choosing a password from a reset or invitation link: the link is checked when it opens, so a used
 * or expired one says so at once, with the way to ask for a new one.
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const status = useResetLinkStatus(token);
  const reset = useResetPassword(token);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  // Known when the link is opened; a link spent meanwhile is refused when the form is sent.
  const linkInvalid =
    status.data?.valid === false || (reset.error instanceof ApiError && reset.error.status === 401);
  const invitation = status.data?.purpose === 'invitation';

  if (status.isPending) {
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
      onSuccess: async () => {
        toast.success(t('changePassword.done'));
        await navigate('/login', { replace: true });
      },
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
