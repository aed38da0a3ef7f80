import type { CreateEmployee, EmployeeDetail, UpdateEmployeeParsed } from '@brigade/shared/employees';
import { queryOptions } from '@tanstack/react-query';
import { type ListDefaults, listParams, readListState } from '../../lib/listState.ts';
import { detailQuery, endpointQuery, listQuery, write } from '../../lib/queries.ts';

export const employeesListQuery = (params: Record<string, string | number>) =>
  listQuery('GET /employees', params);

/** The employees list's sort and filters by default (its page and its first-page prefetch share them). */
export const employeesListDefaults = {
  sort: 'lastName',
  filters: { active: 'true', status: '', skillId: '', skillValid: '', toolId: '', province: '' },
} satisfies ListDefaults;

/** The list's first page for the address it opens at (`?q=…&page=…`), under the key its page reads. */
export const openingEmployeesListQuery = (search: string) =>
  employeesListQuery(listParams(readListState(new URLSearchParams(search), employeesListDefaults)));

export const employeeQuery = (id: string) => detailQuery('GET /employees/:id', id);

/** The number to suggest for a new employee (the next free E-1xxxx); fetched fresh for each form. */
export const nextEmployeeNumberQuery = queryOptions({
  ...endpointQuery('GET /employees/next-number'),
  staleTime: 0,
  gcTime: 0,
  meta: { silent: true },
});

/** The active skills and tools the form and the filters offer. */
export const skillOptionsQuery = queryOptions({ ...endpointQuery('GET /skills/options'), staleTime: 60_000 });
export const toolOptionsQuery = queryOptions({ ...endpointQuery('GET /tools/options'), staleTime: 60_000 });

/** Answers the new employee and how their invitation went ('none': not asked for, or nowhere to send it). */
export const createEmployee = write('POST /employees', (body: CreateEmployee) => ({ body }));
/** PUT replaces the whole employee: send every field (`employeeFields`). */
export const updateEmployee = (id: string) =>
  write('PUT /employees/:id', (body: UpdateEmployeeParsed) => ({ params: { id }, body }));
export const deleteEmployee = (id: string) => write('DELETE /employees/:id', () => ({ params: { id } }));
export const resendInvitation = (id: string) =>
  write('POST /employees/:id/invitation', (channel: 'sms' | 'email') => ({
    params: { id },
    body: { channel },
  }));

/**
 * The employee's fields as PUT wants them, from their detail: every field the detail shows as it
 * is, but what the server computes (id, dates, deletable…), skills without their names and tools
 * by id.
 */
export function employeeFields(employee: EmployeeDetail): UpdateEmployeeParsed {
  const {
    id,
    deletable,
    hasPassword,
    hiredFromApplicantId,
    anonymizedAt,
    createdAt,
    updatedAt,
    skills,
    tools,
    ...fields
  } = employee;
  return {
    ...fields,
    skills: skills.map(({ skillId, obtainedOn, expiresOn }) => ({ skillId, obtainedOn, expiresOn })),
    toolIds: tools.map((tool) => tool.toolId),
  };
}

/** An employee's absences and blacklists (their page's card). */
export const employeeAbsencesQuery = (id: string) =>
  endpointQuery('GET /employees/:id/absences', { params: { id } });

/**
 * An employee's placements, the latest order first: every assignation of theirs, past and coming
 * (the list's default is from today on, hence `from`).
 */
export const employeePlacementsQuery = (employeeId: string) =>
  listQuery('GET /assignations', {
    employeeId,
    from: '1900-01-01',
    sort: 'startsOn',
    order: 'desc',
    page: 1,
    pageSize: 50,
  });
