import type { App } from '../../lib/app-types.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { skillsPolicy } from './policy.ts';
import { createSkill, deleteSkill, getSkill, listSkillOptions, listSkills, updateSkill } from './service.ts';

/** The skills API (master data, admins only). */
export default async function skillsRoutes(app: App) {
  const route = moduleRoutes(app, 'skills');
  const { db } = app.deps;

  route('GET /skills', skillsPolicy.read, (request) => listSkills(db, request.auth, request.query));
  route('GET /skills/options', skillsPolicy.read, (request) => listSkillOptions(db, request.auth));
  route('POST /skills', skillsPolicy.write, (request) => createSkill(db, request.auth, request.body));
  route('GET /skills/:id', skillsPolicy.read, (request) => getSkill(db, request.auth, request.params.id));
  route('PUT /skills/:id', skillsPolicy.write, (request) =>
    updateSkill(db, request.auth, request.params.id, request.body),
  );
  route('DELETE /skills/:id', skillsPolicy.write, (request) =>
    deleteSkill(db, request.auth, request.params.id),
  );
}
