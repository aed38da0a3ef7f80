import { type PrivacyOfficer, privacyOfficerInputSchema } from '@brigade/shared/privacy';
import { Anchor, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormActions } from '../../../components/FormActions.tsx';
import { FormCard, FormSection } from '../../../components/FormSection.tsx';
import { PhoneInput } from '../../../components/inputs.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useApiMutation } from '../../../lib/queries.ts';
import { useUnsavedChangesGuard } from '../../../lib/useUnsavedChangesGuard.ts';
import { useZodForm } from '../../../lib/useZodForm.ts';
import { privacyOfficerQuery, updatePrivacyOfficer } from '../api.ts';

function OfficerForm({ officer }: { officer: PrivacyOfficer }) {
  const { t } = useTranslation();
  const form = useZodForm(privacyOfficerInputSchema, {
    name: officer?.name ?? '',
    title: officer?.title ?? '',
    email: officer?.email ?? '',
    phone: officer?.phone ?? '',
  });
  const { allowNavigation } = useUnsavedChangesGuard(form.isDirty());
  const save = useApiMutation({
    ...updatePrivacyOfficer,
    successKey: 'privacy.officerPage.saved',
    form,
    onSuccess: (saved) => {
      allowNavigation();
      form.resetDirty({
        name: saved?.name ?? '',
        title: saved?.title ?? '',
        email: saved?.email ?? '',
        phone: saved?.phone ?? '',
      });
    },
  });
  return (
    <FormCard
      maw={900}
      onSubmit={form.onSubmit((values) => save.mutate(values))}
      data-testid="privacy-officer-form"
    >
      <FormSection>
        <TextInput
          label={t('privacy.officerPage.name')}
          withAsterisk
          autoComplete="name"
          {...form.getInputProps('name')}
          key={form.key('name')}
        />
        <TextInput
          label={t('privacy.officerPage.title')}
          withAsterisk
          autoComplete="organization-title"
          {...form.getInputProps('title')}
          key={form.key('title')}
        />
        <TextInput
          type="email"
          label={t('privacy.officerPage.email')}
          withAsterisk
          autoComplete="email"
          {...form.getInputProps('email')}
          key={form.key('email')}
        />
        <PhoneInput withAsterisk {...form.getInputProps('phone')} key={form.key('phone')} />
      </FormSection>
      <FormActions saving={save.isPending} fallbackHref="/privacy-incidents" />
    </FormCard>
  );
}

/** Naming the person in charge of personal information (Law 25): shown on the privacy page and in e-mails. */
export default function PrivacyOfficerPage() {
  const { t } = useTranslation();
  const query = useQuery({ ...privacyOfficerQuery, staleTime: 0 });
  return (
    <Stack gap="md">
      <Title order={1}>{t('titles.privacyOfficer')}</Title>
      <Text>
        {t('privacy.officerPage.intro')}{' '}
        <Anchor component={Link} to="/privacy">
          {t('privacy.officerPage.viewPolicy')}
        </Anchor>
      </Text>
      {query.isSuccess ? (
        <OfficerForm officer={query.data} />
      ) : (
        <QueryState query={query} backHref="/overview" />
      )}
    </Stack>
  );
}
