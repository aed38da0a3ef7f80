import type { App } from '../../lib/app-types.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { privacyLogPolicy } from './policy.ts';
import { personPrivacy } from './read.ts';

export default async function privacyLogRoutes(app: App) {
  const route = moduleRoutes(app, 'privacy-log');
  route('GET /employees/:id/privacy', privacyLogPolicy.read, (request) =>
    personPrivacy(app.deps.db, request.auth, 'employee', request.params.id),
  );
  route('GET /applicants/:id/privacy', privacyLogPolicy.read, (request) =>
    personPrivacy(app.deps.db, request.auth, 'applicant', request.params.id),
  );
  route('GET /supervisors/:id/privacy', privacyLogPolicy.read, (request) =>
    personPrivacy(app.deps.db, request.auth, 'supervisor', request.params.id),
  );
}
