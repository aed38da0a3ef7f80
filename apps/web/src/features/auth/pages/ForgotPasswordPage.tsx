import { forgotPasswordRequestSchema } from '@brigade/shared';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { errorCode } from '../../../lib/errors.ts';
import { useForgotPassword } from '../api.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { credentialFor } from '../credential.ts';

/**
 * Asking for a reset link with the e-mail or the mobile phone, in one field like the login: an
 * e-mail gets the link by e-mail, a phone number by SMS. The answer is the same whether or not an
 * account matches.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  // The login page passes what was typed in its "e-mail or mobile phone" field.
  const typed = (useLocation().state as { identifier?: unknown } | null)?.identifier;
  const [identifier, setIdentifier] = useState(typeof typed === 'string' ? typed : '');
  const [error, setError] = useState<string | undefined>();
  const [sentBySms, setSentBySms] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = identifier.trim();
    const credential = credentialFor(value);
    const parsed = forgotPasswordRequestSchema.safeParse(credential);
    if (!parsed.success) {
      setError(
        !value
          ? t('validation.required')
          : credential.email !== undefined
            ? t('validation.email')
            : t('login.invalidIdentifier'),
      );
      return;
    }
    setError(undefined);
    setSentBySms(parsed.data.phone !== undefined);
    forgot.mutate(credential);
  };

  const backToLogin = (
    <Anchor component={RouterLink} to="/login" size="sm">
      {t('forgotPassword.backToLogin')}
    </Anchor>
  );

  if (forgot.isSuccess) {
    // Same words whether or not an account matches: the page must not reveal who has an account.
    return (
      <AuthCard title={t('forgotPassword.sentTitle')}>
        <Alert color="green" variant="light" icon={<IconMailCheck aria-hidden />} role="status">
          {sentBySms ? t('forgotPassword.sentSms') : t('forgotPassword.sentEmail')}
        </Alert>
        <Text size="sm">{t('forgotPassword.sentHelp')}</Text>
        {backToLogin}
      </AuthCard>
    );
  }

  const tooMany = errorCode(forgot.error) === 'TOO_MANY_REQUESTS';

  return (
    <AuthCard title={t('forgotPassword.title')} lead={t('forgotPassword.lead')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {tooMany ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {t('login.tooManyAttempts')}
            </Alert>
          ) : null}
          <TextInput
            label={t('login.identifier')}
            description={t('forgotPassword.identifierHint')}
            // As on the login page: one field for an e-mail or a phone number.
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
            error={error}
          />
          <Button type="submit" fullWidth size="md" loading={forgot.isPending}>
            {t('forgotPassword.submit')}
          </Button>
          {backToLogin}
        </Stack>
      </form>
    </AuthCard>
  );
}
