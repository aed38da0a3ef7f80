/** What the browser keeps for the app (localStorage values, null when absent). */
export interface StoredSession {
  token: string | null;
  user: string | null;
  language: string | null;
}

/**
 * The translations file the app opens with: the whole interface's (`/assets/i18n/fr.json`), or,
 * when a signed-in session opens the worker's first screen (`firstScreens`, the time logger's
 * route patterns), only the keys that screen and the app's start name (`fr.field.json`, a quarter
 * of the bytes: i18n-plugin.ts). The rest comes once the screen has painted (lib/i18n.ts).
 *
 * Serialised into index.html (shell-plugin.ts), where it starts the file's download with the page:
 * it must use nothing outside its own body. The language is the app's own choice (lib/i18n.ts):
 * the signed-in user's, else the device's last pick, else French.
 */
export function startTranslations(
  pathname: string,
  storage: StoredSession,
  firstScreens: readonly string[],
): string {
  let language = storage.language === 'en' ? 'en' : 'fr';
  let signedIn = false;
  try {
    const user = storage.token && storage.user ? JSON.parse(storage.user) : null;
    if (user && typeof user === 'object') {
      signedIn = true;
      if (user.language === 'en' || user.language === 'fr') language = user.language;
    }
  } catch {
    // A stored user that does not read is no session.
  }
  const path = pathname.replace(/\/+$/, '') || '/';
  let firstScreen = false;
  for (const pattern of firstScreens) if (new RegExp(pattern, 'i').test(path)) firstScreen = true;
  return `/assets/i18n/${language}${signedIn && firstScreen ? '.field' : ''}.json`;
}
