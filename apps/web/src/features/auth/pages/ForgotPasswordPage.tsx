import { forgotPasswordRequestSchema } from '@brigade/shared';
import { Alert, Anchor, Button, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { errorCode } from '../../../lib/errors.ts';
import { fieldErrors } from '../../../lib/forms.ts';
import { useForgotPassword } from '../api.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { credentialFor } from '../credential.ts';

type Channel = 'email' | 'sms';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  // What was typed in the login page's "e-mail or mobile phone" field picks the channel.
  const typed = (useLocation().state as { identifier?: unknown } | null)?.identifier;
  const fromLogin = credentialFor(typeof typed === 'string' ? typed : '');
  const [channel, setChannel] = useState<Channel>(fromLogin.phone ? 'sms' : 'email');
  const [email, setEmail] = useState(fromLogin.email ?? '');
  const [phone, setPhone] = useState(fromLogin.phone ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request = channel === 'email' ? { channel, email } : { channel, phone };
    const parsed = forgotPasswordRequestSchema.safeParse(request);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, request));
      return;
    }
    setErrors({});
    forgot.mutate(parsed.data);
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
          {channel === 'email' ? t('forgotPassword.sentEmail') : t('forgotPassword.sentSms')}
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
          <SegmentedControl
            fullWidth
            aria-label={t('forgotPassword.channel')}
            value={channel}
            onChange={(value) => {
              setChannel(value as Channel);
              setErrors({});
            }}
            data={[
              { value: 'email', label: t('forgotPassword.byEmail') },
              { value: 'sms', label: t('forgotPassword.bySms') },
            ]}
          />
          {channel === 'email' ? (
            <TextInput
              key="email"
              label={t('login.email')}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              required
              withAsterisk={false}
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={errors.email}
            />
          ) : (
            <TextInput
              key="phone"
              label={t('forgotPassword.phone')}
              description={t('forgotPassword.phoneHint')}
              type="tel"
              name="phone"
              autoComplete="tel"
              inputMode="tel"
              required
              withAsterisk={false}
              value={phone}
              onChange={(event) => setPhone(event.currentTarget.value)}
              error={errors.phone}
            />
          )}
          <Button type="submit" fullWidth size="md" loading={forgot.isPending}>
            {t('forgotPassword.submit')}
          </Button>
          {backToLogin}
        </Stack>
      </form>
    </AuthCard>
  );
}
