import { Modal, Typography } from '@mantine/core';
import { marked } from 'marked';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import changelog from '../../../../../CHANGELOG.md?raw';

/**
 * The releases of CHANGELOG.md, from the newest: the file's preamble (for developers) and an empty
 * "Unreleased" section are left out.
 */
export function releaseNotes(markdown: string): string {
  const releases = markdown.slice(Math.max(0, markdown.indexOf('\n## ') + 1));
  return releases.replace(/^## \[Unreleased\]\s*(?=^## |$(?![\s\S]))/m, '');
}

/** The release-notes dialog: the repository's CHANGELOG.md, rendered (loaded only when opened). */
export default function ReleaseNotesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  // The changelog is part of the build (not user input), so its HTML is trusted.
  const html = useMemo(() => marked.parse(releaseNotes(changelog), { async: false }), []);
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
