import type { Language } from '@brigade/shared/roles';
import { call } from './api.ts';
import { getSession, updateStoredUser } from './auth.ts';
import { changeLanguage } from './i18n.ts';

/** Switches the language now and, when signed in, saves it as the user's preference. */
export async function saveLanguage(language: Language): Promise<void> {
  await changeLanguage(language);
  if (!getSession()) return;
  updateStoredUser({ language });
  await call('PUT /users/me', { body: { language } });
}
