import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { checkAccess, homeOf, useAuth } from '../../../lib/auth.ts';
import { errorCode } from '../../../lib/errors.ts';
import { fieldErrors } from '../../../lib/forms.ts';
import { toast } from '../../../lib/toast.tsx';
import { useLogin } from '../api.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { credentialFor } from '../credential.ts';
import { useSignedIn } from '../useSignedIn.ts';

const inlineErrors: Record<string, string> = {
  INVALID_CREDENTIALS: 'login.invalidCredentials',
  TOO_MANY_REQUESTS: 'login.tooManyAttempts',
  ACCOUNT_INACTIVE: 'errors.ACCOUNT_INACTIVE',
};

export default function LoginPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const returnTo = searchParams.get('redirect');
  const { session } = useAuth();
  const login = useLogin();
  const signedIn = useSignedIn();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [passwordVisible, setPasswordVisible] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  // Already signed in (e.g. back button after login): go home instead of showing the form again.
  if (!submitted && session) {
    const home = homeOf(session);
    const access = checkAccess(session, { allowed: [session.user.role], pathname: home });
    if (access.kind === 'allow') return <Navigate to={home} replace />;
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The shared schema (and zod) load on first submit, keeping the login route's JS small.
    let loginRequestSchema: typeof import('@brigade/shared/auth').loginRequestSchema;
    try {
      ({ loginRequestSchema } = await import('@brigade/shared/auth'));
    } catch {
      // The code could not be fetched: the connection is gone.
      toast.error(t('errors.offline'));
      return;
    }
    const typed = identifier.trim();
    const credential = credentialFor(typed);
    const parsed = loginRequestSchema.safeParse({ ...credential, password });
    if (!parsed.success) {
      // The schema's `email`/`phone` problems belong to the one field the user sees.
      const found = fieldErrors(parsed.error);
      const identifierError = !typed
        ? t('validation.required')
        : found.email || found.phone
          ? credential.email !== undefined
            ? t('validation.email')
            : t('login.invalidIdentifier')
          : undefined;
      setErrors({
        ...(identifierError ? { identifier: identifierError } : {}),
        ...(found.password ? { password: found.password } : {}),
      });
      return;
    }
    setErrors({});
    setSubmitted(true);
    login.mutate(parsed.data, {
      onSuccess: (result) => signedIn(result, returnTo),
      onError: () => setSubmitted(false),
    });
  };

  const code = errorCode(login.error);
  const inlineError = code ? inlineErrors[code] : undefined;

  return (
    <AuthCard title={t('login.title')} lead={t('login.lead')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {inlineError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {t(inlineError)}
            </Alert>
          ) : null}
          <TextInput
            label={t('login.identifier')}
            // One field for an e-mail or a phone number: "email" would refuse a phone number; the
            // e-mail keyboard has the @ and the digits are a tap away, and nothing is capitalized.
            type="text"
            name="username"
            autoComplete="username"
            inputMode="email"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            required
            withAsterisk={false}
            value={identifier}
            onChange={(event) => setIdentifier(event.currentTarget.value)}
            error={errors.identifier}
          />
          <PasswordInput
            label={t('login.password')}
            name="password"
            autoComplete="current-password"
            required
            withAsterisk={false}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={errors.password}
            visible={passwordVisible}
            onVisibilityChange={setPasswordVisible}
            visibilityToggleFocusable
            visibilityToggleButtonProps={{
              'aria-label': passwordVisible ? t('login.hidePassword') : t('login.showPassword'),
              'aria-pressed': passwordVisible,
            }}
          />
          <Group justify="flex-end">
            <Anchor
              component={RouterLink}
              to="/forgot-password"
              // The forgot-password page starts from what was typed here (e-mail or SMS).
              state={{ identifier: identifier.trim() }}
              size="sm"
            >
              {t('login.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md" loading={login.isPending}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
