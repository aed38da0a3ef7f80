import { defaultLanguage, type Language, languages } from '@brigade/shared/roles';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getSession } from './auth.ts';
import { firstScreenPatterns } from './routeTable.ts';
import { startTranslations } from './startTranslations.ts';

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
 * The file the app opens with (lib/startTranslations.ts): the whole interface's, or only the worker's
 * first screen's; index.html started its download with the page.
 */
const startFile = (() => {
  try {
    return startTranslations(
      window.location.pathname,
      {
        token: localStorage.getItem('brigade.token'),
        user: localStorage.getItem('brigade.user'),
        language: localStorage.getItem(languageKey),
      },
      firstScreenPatterns(),
    );
  } catch {
    return null;
  }
})();
let startRead = false;
/** Every group of the interface is loaded (false only while the first screen's own are). */
let complete = true;

async function fetchTranslations(file: string): Promise<Record<string, unknown>> {
  const response = await fetch(file);
  if (!response.ok) {
    throw Object.assign(new Error(`translations ${file}: HTTP ${response.status}`), {
      status: response.status,
    });
  }
  return (await response.json()) as Record<string, unknown>;
}

/**
 * Fetches `/assets/i18n/{lang}.json` (spec §1); the first time, the file index.html started.
 * A few lines instead of i18next-http-backend keep the login route's JavaScript within budget; a
 * network or server error asks i18next to retry.
 */
const translationsBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const whole = `/assets/i18n/${language}.json`;
    const first = !startRead && startFile?.startsWith(`/assets/i18n/${language}.`) ? startFile : whole;
    startRead = true;
    if (first !== whole) complete = false;
    fetchTranslations(first)
      .then((data) => callback(null, data))
      .catch((error: { status?: number } & Error) =>
        callback(error instanceof Error ? error : new Error(String(error)), (error.status ?? 500) >= 500),
      );
  },
};

let completing: Promise<void> | undefined;

/**
 * Every group of the interface's translations, once the worker's first screen has painted with
 * its own (App.tsx), and before any other screen draws (app/routes.tsx): the screens then re-render
 * with the rest (`bindI18nStore`).
 */
export function allTranslations(): Promise<void> {
  if (complete) return Promise.resolve();
  const language = currentLanguage();
  completing ??= fetchTranslations(`/assets/i18n/${language}.json`).then(
    (data) => {
      i18n.addResourceBundle(language, 'translation', data, true, true);
      complete = true;
    },
    (error: unknown) => {
      completing = undefined;
      throw error;
    },
  );
  return completing;
}

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
    // A screen drawn with the first screen's translations re-renders when the rest arrive.
    react: { useSuspense: true, bindI18nStore: 'added' },
  });

/** Switches every view to `language` and remembers it on this device. */
export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(languageKey, language);
  } catch {
    // not remembered; still switched for this visit
  }
  // The first screen's language complete first: i18next keeps what it has of a language.
  await allTranslations().catch(() => undefined);
  await i18n.changeLanguage(language);
}

/** A bilingual record's name (a skill, a tool) in the interface's language. */
export function localName(record: { nameFr: string; nameEn: string }): string {
  return currentLanguage() === 'en' ? record.nameEn : record.nameFr;
}
