import {
  createEmployeeSchema,
  employeeCreatedSchema,
  employeeDetailSchema,
  employeeInvitationResultSchema,
  employeeInvitationSchema,
  employeeListQuerySchema,
  employeeNextNumberSchema,
  employeePageSchema,
  updateEmployeeSchema,
} from '../employees.ts';
import { endpoint } from '../endpoint.ts';
import { deleteOutcomeSchema } from '../list.ts';
import { idParams } from './ids.ts';

/** Employees (master data): the agency's construction workers. */
export const employeesEndpoints = {
  'GET /employees': endpoint({
    summary: 'List employees (search, filters, sort, pages)',
    description:
      '`q` matches names, employee number, e-mail, phone (typed any usual way) and city, accent- and case-insensitively. With `skillId`, each item carries `skillExpiresOn`; `skillValid=true` keeps only unexpired certificates.',
    query: employeeListQuerySchema,
    response: employeePageSchema,
  }),
  'GET /employees/next-number': endpoint({
    summary: 'The next free employee number (E-10001, E-10002…), to suggest in the creation form',
    response: employeeNextNumberSchema,
  }),
  'POST /employees': endpoint({
    summary:
      'Create an employee and invite them (SMS by default); an expiry date on a skill that does not expire is refused',
    body: createEmployeeSchema,
    status: 201,
    response: employeeCreatedSchema,
    errors: [409],
  }),
  'GET /employees/:id': endpoint({
    summary: 'One employee with skills and tools (admins, or the employee themself)',
    params: idParams,
    response: employeeDetailSchema,
  }),
  'PUT /employees/:id': endpoint({
    summary:
      'Replace an employee (every field; skills and tools are replaced); an expiry date on a skill that does not expire is refused',
    params: idParams,
    body: updateEmployeeSchema,
    response: employeeDetailSchema,
    errors: [409],
  }),
  'DELETE /employees/:id': endpoint({
    summary: 'Delete an employee, or archive them when something refers to them',
    params: idParams,
    response: deleteOutcomeSchema,
  }),
  'POST /employees/:id/invitation': endpoint({
    summary: 'Send the invitation link again',
    params: idParams,
    body: employeeInvitationSchema,
    response: employeeInvitationResultSchema,
    errors: [409],
  }),
};
