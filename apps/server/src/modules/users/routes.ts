import type { App } from '../../lib/app-types.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { signInThrottleOf } from '../sessions/index.ts';
import { confirmPhoneChange, pendingPhoneNow } from './phone-change.ts';
import { usersPolicy } from './policy.ts';
import { toMe } from './serialize.ts';
import { updateOwnProfile } from './service.ts';

/** The signed-in user's own profile. */
export default async function usersRoutes(app: App) {
  const route = moduleRoutes(app, 'users');

  // Answered from the authenticated session, which holds a fresh snapshot of the user and of the
  // new mobile waiting for its code (no query: the platform's budget, issue 7).
  route('GET /users/me', usersPolicy.readOwnProfile, async (request) => ({
    ...request.auth.user,
    pendingPhone: pendingPhoneNow(request.auth.pendingPhone),
  }));

  route('PUT /users/me', usersPolicy.updateOwnProfile, async (request) => {
    const { user, pendingPhone } = await updateOwnProfile(
      {
        db: app.deps.db,
        sessions: app.deps.sessions,
        signInThrottle: signInThrottleOf(app.deps.config),
      },
      request.auth,
      request.body,
    );
    return toMe(user, pendingPhone);
  });

  route('POST /users/me/phone-confirmation', usersPolicy.confirmOwnPhone, async (request) =>
    toMe(
      await confirmPhoneChange(
        { db: app.deps.db, sessions: app.deps.sessions },
        request.auth,
        request.body.code,
      ),
      null,
    ),
  );
}
