import { meSchema, updateMeSchema } from '@brigade/shared';
import type { App } from '../../lib/app-types.ts';
import { notFound } from '../../lib/errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { findUserById } from './repository.ts';
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
    async (request) => {
      const user = await findUserById(app.deps.db, requireAuth(request).userId);
      if (!user) throw notFound('User');
      return toMe(user);
    },
  );

  app.put(
    '/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'Change my language, names, phone or password',
        body: updateMeSchema,
        response: { 200: meSchema },
      },
    },
    async (request) => toMe(await updateOwnProfile(app.deps.db, requireAuth(request), request.body)),
  );
}
