import { meSchema, updateMeSchema } from '@brigade/shared';
import type { App } from '../../lib/app-types.ts';
import { forbidden } from '../../lib/errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { canUpdateOwnProfile } from './policy.ts';
import { toMe } from './serialize.ts';
import { updateOwnProfile } from './service.ts';

export default async function usersRoutes(app: App) {
  app.get(
    '/users/me',
    {
      // A magic-link session may read who it is, to greet the supervisor.
      config: { access: { scopes: 'any' } },
      schema: { tags: ['users'], summary: 'The signed-in user', response: { 200: meSchema } },
    },
    // Answered from the authenticated session, which holds a fresh snapshot of the user.
    async (request) => requireAuth(request).user,
  );

  app.put(
    '/users/me',
    {
      // A magic-link session may save its language, and only that (checked by canUpdateOwnProfile).
      config: { access: { scopes: 'any' } },
      schema: {
        tags: ['users'],
        summary: 'Change my language, names, phone or password',
        description: 'A magic-link session may change only `language`.',
        body: updateMeSchema,
        response: { 200: meSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!canUpdateOwnProfile(auth.scope, request.body)) throw forbidden();
      return toMe(await updateOwnProfile(app.deps, auth, request.body));
    },
  );
}
