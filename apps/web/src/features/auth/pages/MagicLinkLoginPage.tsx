import { magicLinkLoginSchema } from '@brigade/shared';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useMagicLinkLogin } from '../api.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { useSignedIn } from '../useSignedIn.ts';

export default function MagicLinkLoginPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const magicLogin = useMagicLinkLogin();
  const signedIn = useSignedIn();
  const started = useRef<string | null>(null);
  const wellFormed = magicLinkLoginSchema.safeParse({ token }).success;
  const { mutate } = magicLogin;

  useEffect(() => {
    // Exchange the link once per token, even when effects run twice (React strict mode).
    if (!wellFormed || started.current === token) return;
    started.current = token;
    mutate(token, {
      // useSignedIn sends a magic-link session to the page its link was issued for.
      onSuccess: (result) => signedIn(result),
    });
  }, [token, wellFormed, mutate, signedIn]);

  const failed = !wellFormed || magicLogin.isError;
  if (failed) {
    const linkRefused =
      !wellFormed || (magicLogin.error instanceof ApiError && magicLogin.error.status < 500);
    return (
      <AuthCard title={t('magicLink.errorTitle')}>
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {linkRefused ? t('magicLink.invalid') : errorMessage(magicLogin.error)}
        </Alert>
        <Button component={RouterLink} to="/login" fullWidth>
          {t('magicLink.goToLogin')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('magicLink.title')}>
      <Group gap="sm" role="status" wrap="nowrap">
        <Loader size="sm" aria-hidden />
        <Text>{t('magicLink.signingIn')}</Text>
      </Group>
    </AuthCard>
  );
}
