import type { App } from '../../lib/app-types.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { resendInvitation } from './invite.ts';
import { listEmployees } from './list.ts';
import { employeesPolicy } from './policy.ts';
import { getEmployee, nextEmployeeNumber, openEmployee } from './read.ts';
import { createEmployee, deleteEmployee, updateEmployee } from './write.ts';

/** The employees API (master data): the agency's construction workers. */
export default async function employeesRoutes(app: App) {
  const route = moduleRoutes(app, 'employees');
  const { db } = app.deps;
  const deps = () => ({
    db: app.deps.db,
    sessions: app.deps.sessions,
    publicUrl: app.deps.config.PUBLIC_URL,
  });

  route('GET /employees', employeesPolicy.list, (request) => listEmployees(db, request.auth, request.query));
  route('GET /employees/next-number', employeesPolicy.write, (request) =>
    nextEmployeeNumber(db, request.auth),
  );
  route('POST /employees', employeesPolicy.write, async (request) => {
    const { id, invitation } = await createEmployee(deps(), request.auth, request.body);
    return { ...(await getEmployee(db, request.auth, id)), invitation };
  });
  route('GET /employees/:id', employeesPolicy.read, (request) =>
    openEmployee(db, request.auth, request.params.id),
  );
  route('PUT /employees/:id', employeesPolicy.write, async (request) => {
    await updateEmployee(deps(), request.auth, request.params.id, request.body);
    return getEmployee(db, request.auth, request.params.id);
  });
  route('DELETE /employees/:id', employeesPolicy.write, (request) =>
    deleteEmployee(deps(), request.auth, request.params.id),
  );
  route('POST /employees/:id/invitation', employeesPolicy.write, (request) =>
    resendInvitation(deps(), request.auth, request.params.id, request.body.channel),
  );
}
