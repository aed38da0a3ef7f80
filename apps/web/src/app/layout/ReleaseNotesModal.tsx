import { Modal, Typography } from '@mantine/core';
import { marked } from 'marked';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import changelog from '../../../../../CHANGELOG.md?raw';

/** The release-notes dialog: the repository's CHANGELOG.md, rendered (loaded only when opened). */
export default function ReleaseNotesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  // The changelog is part of the build (not user input), so its HTML is trusted.
  const html = useMemo(() => marked.parse(changelog, { async: false }), []);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('releaseNotes.title')}
      size="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: trusted, build-time markdown */}
      <Typography className="release-notes" dangerouslySetInnerHTML={{ __html: html }} />
    </Modal>
  );
}
