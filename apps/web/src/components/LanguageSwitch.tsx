import { type Language, languages } from '@brigade/shared/roles';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/errors.ts';
import { currentLanguage, isLanguage } from '../lib/i18n.ts';
import { saveLanguage } from '../lib/language.ts';
import { toast } from '../lib/toast.tsx';
import classes from './LanguageSwitch.module.css';

/**
 * FR / EN toggle; every view switches at once, and signed-in users keep the choice. Native radio
 * buttons (arrows move between them, as in any radio group), each labelled in its own language.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const name = useId();
  const active = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : currentLanguage();
  // Shows the choice at once, while the other language's translations load.
  const [requested, setRequested] = useState<Language | null>(null);
  const value = requested ?? active;

  const choose = (next: Language) => {
    if (next === value) return;
    setRequested(next);
    saveLanguage(next)
      .catch((error: unknown) => toast.error(errorMessage(error)))
      .finally(() => setRequested(null));
  };

  return (
    <div
      role="radiogroup"
      aria-label={t('language.label')}
      className={classes.root}
      data-testid="language-switch"
    >
      {languages.map((language) => (
        <label key={language} className={classes.option} lang={language}>
          <input
            type="radio"
            name={name}
            value={language}
            checked={value === language}
            onChange={() => choose(language)}
          />
          <span className={classes.pill}>{language.toUpperCase()}</span>
        </label>
      ))}
    </div>
  );
}
