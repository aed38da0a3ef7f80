import { useNavigate } from 'react-router';
import { homeOf } from '../../lib/auth.ts';
import { i18n } from '../../lib/i18n.ts';
import { isReturnPathAllowed } from '../../lib/routeTable.ts';
import { toast } from '../../lib/toast.tsx';
import { type LoginResult, startSession } from './api.ts';

/**
 * After any sign-in: store the session, switch to the user's language, go to the magic link's page,
 * or to the return path when the role may open it (else the role's home), and greet the user (with
 * `greetingKey`'s words, in their language: the password page says the password was saved).
 */
export function useSignedIn() {
  const navigate = useNavigate();
  return async (result: LoginResult, returnTo?: string | null, greetingKey = 'auth.greeting') => {
    const session = await startSession(result);
    const { role, firstName } = session.user;
    // The return path is for a full session; a magic-link one belongs on its page (homeOf).
    const target =
      !session.scope && returnTo && isReturnPathAllowed(returnTo, role) ? returnTo : homeOf(session);
    await navigate(target, { replace: true });
    toast.success(i18n.t(greetingKey, { firstName }));
  };
}
