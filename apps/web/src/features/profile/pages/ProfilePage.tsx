import { formatPhone } from '@brigade/shared/format';
import { Alert, Button, Center, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCircleCheck, IconDeviceMobileMessage } from '@tabler/icons-react';
import i18n from 'i18next';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneInput } from '../../../components/inputs.tsx';
import { ApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { serverFieldMessage } from '../../../lib/forms.ts';
import { useConfirmPhone, useMe, useSaveProfile } from '../api.ts';

/** The message beside a field for a refusal of the save or of the code. */
function fieldMessage(error: unknown) {
  if (!(error instanceof ApiError)) return error ? errorMessage(error) : undefined;
  if (error.code === 'PHONE_CODE_WRONG' && typeof error.details?.attemptsLeft === 'number') {
    return i18n.t('profile.codeWrong', { count: error.details.attemptsLeft });
  }
  return errorMessage(error);
}

/**
 * My profile: names and mobile. A new mobile is mine once I type the code sent to it by SMS
 * (a co-worker's number is refused): until then the old one stays, and the page asks for the code.
 */
export default function ProfilePage() {
  const { t } = useTranslation();
  const me = useMe();
  const save = useSaveProfile();
  const confirm = useConfirmPhone();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const loaded = me.data;

  // The form starts from the stored profile (a new mobile waiting shows as typed).
  useEffect(() => {
    if (!loaded) return;
    setFirstName(loaded.firstName);
    setLastName(loaded.lastName);
    setPhone(loaded.pendingPhone ?? loaded.phone ?? '');
  }, [loaded]);

  if (!loaded) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('common.loading')} />
      </Center>
    );
  }

  const saveError = save.error instanceof ApiError ? save.error : null;
  const fieldError = (path: string) => {
    if (!saveError) return undefined;
    if (saveError.code === 'PHONE_NOT_UNIQUE' && path === 'phone') return t('errors.PHONE_NOT_UNIQUE');
    const field = saveError.details?.fields?.find((f) => f.path === path);
    return field ? serverFieldMessage(field) : undefined;
  };

  const onSave = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setConfirmed(false);
    confirm.reset();
    save.mutate({ firstName, lastName, phone: phone.trim() ? phone : null });
  };
  const onConfirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    confirm.mutate(code.trim(), {
      onSuccess: () => {
        setConfirmed(true);
        setCode('');
      },
    });
  };
  const pending = loaded.pendingPhone;
  const codeError = confirm.error ? fieldMessage(confirm.error) : undefined;

  return (
    <Stack gap="md" maw={520}>
      <Title order={1}>{t('titles.profile')}</Title>
      <Paper withBorder p="md" radius="md">
        <form onSubmit={onSave} noValidate aria-label={t('profile.formLabel')}>
          <Stack gap="md">
            <TextInput
              label={t('profile.firstName')}
              name="given-name"
              autoComplete="given-name"
              value={firstName}
              onChange={(event) => setFirstName(event.currentTarget.value)}
              error={fieldError('firstName')}
            />
            <TextInput
              label={t('profile.lastName')}
              name="family-name"
              autoComplete="family-name"
              value={lastName}
              onChange={(event) => setLastName(event.currentTarget.value)}
              error={fieldError('lastName')}
            />
            <PhoneInput
              label={t('profile.mobile')}
              description={t('profile.mobileHelp')}
              value={phone}
              onChange={setPhone}
              error={fieldError('phone')}
            />
            {saveError && !fieldError('phone') && !fieldError('firstName') && !fieldError('lastName') ? (
              <Alert color="red" variant="light" role="alert">
                {errorMessage(saveError)}
              </Alert>
            ) : null}
            <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
              {t('profile.save')}
            </Button>
          </Stack>
        </form>
      </Paper>

      {confirmed ? (
        <Alert color="green" variant="light" role="status" icon={<IconCircleCheck aria-hidden />}>
          {t('profile.confirmed', { phone: formatPhone(loaded.phone ?? '') })}
        </Alert>
      ) : null}

      {pending ? (
        <Paper withBorder p="md" radius="md" data-testid="phone-confirmation">
          <form onSubmit={onConfirm} noValidate aria-label={t('profile.codeFormLabel')}>
            <Stack gap="md">
              <Alert color="blue" variant="light" icon={<IconDeviceMobileMessage aria-hidden />}>
                <Text size="sm">{t('profile.codeSent', { phone: formatPhone(pending) })}</Text>
                {loaded.phone ? (
                  <Text size="sm" mt={4}>
                    {t('profile.oldStays', { phone: formatPhone(loaded.phone) })}
                  </Text>
                ) : null}
              </Alert>
              <TextInput
                label={t('profile.code')}
                name="one-time-code"
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ''))}
                error={codeError}
              />
              <Button
                type="submit"
                loading={confirm.isPending}
                disabled={code.length !== 6}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('profile.confirm')}
              </Button>
            </Stack>
          </form>
        </Paper>
      ) : codeError ? (
        <Alert color="red" variant="light" role="alert">
          {codeError}
        </Alert>
      ) : null}
    </Stack>
  );
}
