import type { PersonKind } from '@brigade/shared/personal-data';
import { ApiError } from './api.ts';
import { getToken } from './auth.ts';
import { write } from './queries.ts';
import { saveResponse } from './saveFile.ts';

/**
 * Downloads a person's file (Law 25: a ZIP the server streams) and hands it to the browser; a
 * refusal (PERSON_ANONYMIZED…) is thrown as the API's error. The API wants the session's token,
 * which a plain link lacks.
 */
export async function downloadPersonalData(kind: PersonKind, id: string): Promise<string> {
  const response = await fetch(`/api/${kind}/${encodeURIComponent(id)}/personal-data`, {
    headers: { authorization: `Bearer ${getToken()}` },
  }).catch(() => {
    throw new ApiError(0, { code: 'OFFLINE', message: 'network error' });
  });
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => null));
  return saveResponse(response, 'donnees-personnelles.zip');
}

/** Anonymise the person now (irreversible; the server answers their pseudonym). */
export const anonymizePerson = (kind: PersonKind, id: string) =>
  kind === 'employees'
    ? write('POST /employees/:id/anonymize', () => ({ params: { id } }))
    : kind === 'applicants'
      ? write('POST /applicants/:id/anonymize', () => ({ params: { id } }))
      : write('POST /supervisors/:id/anonymize', () => ({ params: { id } }));

/**
 * The pseudonym the server will give (the same hash of the id: modules/personal-data/person.ts),
 * to name it in the confirmation; null where the browser cannot hash (not a secure context).
 */
export async function expectedPseudonym(id: string): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`brigade-person:${id}`));
  const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `Personne ${hex.slice(0, 6).toUpperCase()}`;
}
