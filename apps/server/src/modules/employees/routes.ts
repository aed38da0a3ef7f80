import type { App } from '../../lib/app-types.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { employeesPolicy } from './policy.ts';
import * as service from './service.ts';

/** The employees API (master data): the agency's construction workers. */
export default async function employeesRoutes(app: App) {
  const route = moduleRoutes(app, 'employees');
  const { db } = app.deps;
  const deps = () => ({
    db: app.deps.db,
    sessions: app.deps.sessions,
    publicUrl: app.deps.config.PUBLIC_URL,
  });

  route('GET /employees', employeesPolicy.list, (request) =>
    service.listEmployees(db, request.auth, request.query),
  );
  route('GET /employees/next-number', employeesPolicy.write, (request) =>
    service.nextEmployeeNumber(db, request.auth),
  );
  route('POST /employees', employeesPolicy.write, async (request) => {
    const { id, invitation } = await service.createEmployee(deps(), request.auth, request.body);
    return { ...(await service.getEmployee(db, request.auth, id)), invitation };
  });
  route('GET /employees/:id', employeesPolicy.read, (request) =>
    service.getEmployee(db, request.auth, request.params.id),
  );
  route('PUT /employees/:id', employeesPolicy.write, async (request) => {
    await service.updateEmployee(deps(), request.auth, request.params.id, request.body);
    return service.getEmployee(db, request.auth, request.params.id);
  });
  route('DELETE /employees/:id', employeesPolicy.write, (request) =>
    service.deleteEmployee(deps(), request.auth, request.params.id),
  );
  route('POST /employees/:id/invitation', employeesPolicy.write, (request) =>
    service.resendInvitation(deps(), request.auth, request.params.id, request.body.channel),
  );
}
