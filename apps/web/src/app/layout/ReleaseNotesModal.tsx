import { List, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n.ts';
import { appVersion } from '../../lib/version.ts';
import { type Release, releasesUpTo } from './releaseNotes.ts';

const shown = releasesUpTo(appVersion);

function releaseDate(date: string | null): string | null {
  if (!date) return null;
  // Noon, so that no time zone moves the day.
  return new Intl.DateTimeFormat(`${currentLanguage()}-CA`, { dateStyle: 'long' }).format(
    new Date(`${date}T12:00:00`),
  );
}

function ReleaseSection({ release }: { release: Release }) {
  const { t } = useTranslation();
  const date = releaseDate(release.date);
  return (
    <section aria-labelledby={`release-${release.version}`}>
      {/* Under the dialog's own title (h2). */}
      <Title order={3} size="h4" id={`release-${release.version}`}>
        {t('releaseNotes.version', { version: release.version })}
      </Title>
      {date ? (
        <Text size="sm" c="dimmed">
          {date}
        </Text>
      ) : null}
      <List size="sm" spacing={6} mt="xs">
        {release.notes[currentLanguage()].map((note) => (
          <List.Item key={note}>{note}</List.Item>
        ))}
      </List>
    </section>
  );
}

/** The release-notes dialog: what each release changed, in the interface's language (loaded when opened). */
export default function ReleaseNotesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('releaseNotes.title')}
      size="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="lg" data-testid="release-notes">
        {shown.map((release) => (
          <ReleaseSection key={release.version} release={release} />
        ))}
      </Stack>
    </Modal>
  );
}
