import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { switchToNewVersion, useNewVersionWaiting } from '../lib/serviceWorker.ts';

/**
 * "Nouvelle version — recharger": a new release is installed on the phone and waits for the
 * person's go (nothing reloads under their fingers while they type hours). One tap, and every open
 * page of the app reloads on it. Above the content at the bottom, where the thumb is.
 */
export function NewVersionBanner() {
  const { t } = useTranslation();
  const waiting = useNewVersionWaiting();
  return (
    // A polite live region, there from the start so its button is announced when it comes (no
    // role="status": the pages' own status messages stay the only ones).
    <div aria-live="polite" data-testid="new-version">
      {waiting ? (
        <Button
          onClick={switchToNewVersion}
          leftSection={<IconRefresh size={18} aria-hidden />}
          size="md"
          radius="xl"
          style={{
            position: 'fixed',
            insetInline: 0,
            marginInline: 'auto',
            bottom: 'calc(16px + env(safe-area-inset-bottom))',
            width: 'fit-content',
            maxWidth: 'calc(100% - 32px)',
            minHeight: 44,
            zIndex: 1000,
            boxShadow: 'var(--mantine-shadow-md)',
          }}
        >
          {t('newVersion.reload')}
        </Button>
      ) : null}
    </div>
  );
}
