import type { Language } from '@brigade/shared/roles';
import { SegmentedControl, type SegmentedControlProps } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/errors.ts';
import { currentLanguage, isLanguage } from '../lib/i18n.ts';
import { saveLanguage } from '../lib/language.ts';
import { toast } from '../lib/toast.tsx';

/** FR / EN toggle; every view switches at once, and signed-in users keep the choice. */
export function LanguageSwitch(props: Omit<SegmentedControlProps, 'data' | 'value' | 'onChange'>) {
  const { t, i18n } = useTranslation();
  const active = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLanguage();
  // Shows the choice at once, while the other language's translations load.
  const [requested, setRequested] = useState<Language | null>(null);
  const value = requested ?? active;

  const onChange = (next: string) => {
    if (!isLanguage(next) || next === value) return;
    setRequested(next);
    saveLanguage(next)
      .catch((error: unknown) => toast.error(errorMessage(error)))
      .finally(() => setRequested(null));
  };

  return (
    <SegmentedControl
      size="xs"
      aria-label={t('language.label')}
      data-testid="language-switch"
      {...props}
      value={value}
      onChange={onChange}
      data={[
        { value: 'fr', label: <span lang="fr">FR</span> },
        { value: 'en', label: <span lang="en">EN</span> },
      ]}
    />
  );
}
