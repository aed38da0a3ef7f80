import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getSession } from '../../../lib/auth.ts';
import { privacyOfficerQuery } from '../api.ts';
import { OfficerContact } from '../components/OfficerContact.tsx';

/** One part of the policy: a heading and its text or list. */
function Part({ id, items, text }: { id: string; items?: readonly string[]; text?: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" component="section" aria-labelledby={`privacy-${id}`}>
      <Title order={2} size="h4" id={`privacy-${id}`}>
        {t(`privacy.${id}.heading`)}
      </Title>
      {items ? (
        <List spacing={4}>
          {items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      ) : null}
      {text ? <Text>{text}</Text> : null}
    </Stack>
  );
}

/**
 * The public privacy policy (Québec's Law 25): what the agency collects, why, who sees it, how
 * long, people's rights, and the person in charge of personal information, named by the office.
 */
export default function PrivacyPolicyPage() {
  const { t } = useTranslation();
  const officer = useQuery(privacyOfficerQuery);
  // A list of the translations (the build merges each file's arrays as objects keyed 0, 1, 2…).
  const list = (key: string) => Object.values(t(key, { returnObjects: true }) as Record<string, string>);
  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', xs: 'xl' }}>
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('titles.privacy')}
        </Title>
        <Text>{t('privacy.updated')}</Text>
        <Stack gap="xs" component="section" aria-labelledby="privacy-officer" data-testid="privacy-officer">
          <Title order={2} size="h4" id="privacy-officer">
            {t('privacy.officer.heading')}
          </Title>
          <Text>{t('privacy.officer.intro')}</Text>
          {officer.data ? (
            <OfficerContact officer={officer.data} />
          ) : officer.isPending ? null : (
            <Text>{t('privacy.officer.notNamed')}</Text>
          )}
        </Stack>
        <Part id="collect" items={list('privacy.collect.items')} />
        <Part id="why" text={t('privacy.why.text')} />
        <Part id="who" text={t('privacy.who.text')} />
        <Part id="retention" items={list('privacy.retention.items')} />
        <Part id="rights" items={list('privacy.rights.items')} text={t('privacy.rights.answer')} />
        <Part id="incidents" text={t('privacy.incidents.text')} />
        <Anchor component={Link} to={getSession() ? '/' : '/login'}>
          {getSession() ? t('common.back') : t('privacy.backToLogin')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
