import type { App } from '../../lib/app-types.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { signInThrottleOf } from '../sessions/index.ts';
import { usersPolicy } from './policy.ts';
import { toMe } from './serialize.ts';
import { updateOwnProfile } from './service.ts';

/** The signed-in user's own profile. */
export default async function usersRoutes(app: App) {
  const route = moduleRoutes(app, 'users');

  // Answered from the authenticated session, which holds a fresh snapshot of the user.
  route('GET /users/me', usersPolicy.readOwnProfile, async (request) => request.auth.user);

  route('PUT /users/me', usersPolicy.updateOwnProfile, async (request) =>
    toMe(
      await updateOwnProfile(
        {
          db: app.deps.db,
          sessions: app.deps.sessions,
          signInThrottle: signInThrottleOf(app.deps.config),
        },
        request.auth,
        request.body,
      ),
    ),
  );
}
