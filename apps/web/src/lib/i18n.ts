import { defaultLanguage, type Language, languages } from '@brigade/shared/roles';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getSession } from './auth.ts';

const languageKey = 'brigade.language';

export const i18n = i18next;

export function isLanguage(value: unknown): value is Language {
  return languages.includes(value as Language);
}

/** The signed-in user's language, else the last one picked on a public page, else French. */
function initialLanguage(): Language {
  const fromUser = getSession()?.user.language;
  if (isLanguage(fromUser)) return fromUser;
  try {
    const stored = localStorage.getItem(languageKey);
    if (isLanguage(stored)) return stored;
  } catch {
    // storage unavailable (private mode): default language
  }
  return defaultLanguage;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : defaultLanguage;
}

/** <html lang> follows the language (dayjs follows it in lib/format.ts, loaded with dated screens). */
function applyLanguage(language: string) {
  document.documentElement.lang = isLanguage(language) ? language : defaultLanguage;
}

i18n.on('languageChanged', applyLanguage);

/**
 * Fetches `/assets/i18n/{lang}.json` (spec §1). A few lines instead of i18next-http-backend keep
 * the login route's JavaScript within budget; a network or server error asks i18next to retry.
 */
const translationsBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    fetch(`/assets/i18n/${language}.json`)
      .then(async (response) => {
        if (!response.ok) {
          callback(new Error(`translations ${language}: HTTP ${response.status}`), response.status >= 500);
          return;
        }
        callback(null, await response.json());
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true));
  },
};

export const i18nReady = i18n
  .use(translationsBackend)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages],
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  });

/** Switches every view to `language` and remembers it on this device. */
export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(languageKey, language);
  } catch {
    // not remembered; still switched for this visit
  }
  await i18n.changeLanguage(language);
}

/** A bilingual record's name (a skill, a tool) in the interface's language. */
export function localName(record: { nameFr: string; nameEn: string }): string {
  return currentLanguage() === 'en' ? record.nameEn : record.nameFr;
}
