// Only types from the zod schemas: the login route must not load zod (see LoginPage).
import type { ForgotPasswordRequest, LoginRequest, LoginResponse, SessionScope } from '@brigade/shared/auth';
import { normalizeRole } from '@brigade/shared/roles';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { clearSession, getSession, type Session, setSession } from '../../lib/auth.ts';
import { changeLanguage } from '../../lib/i18n.ts';

export type LoginResult = LoginResponse & { scope?: SessionScope | null };

/** Stores the session and switches the interface to the user's language. */
export async function startSession(result: LoginResult): Promise<Session> {
  const user = { ...result.user, role: normalizeRole(result.user.role) };
  const session = { token: result.token, user, scope: result.scope ?? null };
  setSession(session);
  await changeLanguage(user.language);
  return session;
}

export function useLogin() {
  return useMutation({
    mutationFn: (credentials: LoginRequest) => call('POST /login', { body: credentials, public: true }),
    meta: { inlineErrorCodes: ['INVALID_CREDENTIALS', 'TOO_MANY_REQUESTS', 'ACCOUNT_INACTIVE'] },
  });
}

export function useMagicLinkLogin() {
  return useMutation({
    mutationFn: (token: string) => call('POST /login-magic-link', { body: { token }, public: true }),
    meta: { silent: true },
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (request: ForgotPasswordRequest) =>
      call('POST /forgot-password', { body: request, public: true }),
    meta: { inlineErrorCodes: ['TOO_MANY_REQUESTS'] },
  });
}

/** Sets the password of a reset or invitation link; the answer is a sign-in (see useSignedIn). */
export function useResetPassword(linkToken: string) {
  return useMutation({
    mutationFn: (password: string) =>
      call('PUT /forgot-password', { body: { password }, public: true, token: linkToken }),
    meta: { inlineErrorCodes: ['TOKEN_INVALID', 'UNAUTHORIZED'] },
  });
}

/** Revokes the token on the server (best effort), then forgets everything about the session. */
export async function logout(): Promise<void> {
  try {
    if (getSession()) await call('GET /logout', { signal: AbortSignal.timeout(5000) });
  } catch {
    // the token is forgotten locally either way
  }
  // Ending the session also empties the query cache (lib/queryClient.ts).
  clearSession(true);
}
