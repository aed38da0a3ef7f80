import type { SkillOption, ToolOption } from '@brigade/shared/catalog';
import type {
  CreateEmployeeParsed,
  EmployeeDetail,
  EmployeeListItem,
  UpdateEmployeeParsed,
} from '@brigade/shared/employees';
import type { DeleteOutcome } from '@brigade/shared/list';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { detailQueryOptions, listQueryOptions } from '../../lib/queries.ts';

/** Query keys of the employees feature: invalidating `employeesKey` refreshes lists and details. */
export const employeesKey = ['employees'] as const;

export const employeesListQuery = (params: Record<string, string | number>) =>
  listQueryOptions<EmployeeListItem>(employeesKey, '/employees', params);

export const employeeQuery = (id: string) =>
  detailQueryOptions<EmployeeDetail>([...employeesKey, id], `/employees/${id}`);

/** The number to suggest for a new employee (the next free E-1xxxx); fetched fresh for each form. */
export const nextEmployeeNumberQuery = queryOptions({
  queryKey: [...employeesKey, 'next-number'],
  queryFn: ({ signal }) => api.get<{ employeeNumber: string }>('/employees/next-number', { signal }),
  staleTime: 0,
  gcTime: 0,
  meta: { silent: true },
});

/** The active skills and tools the form and the filters offer. */
export const skillOptionsQuery = queryOptions({
  queryKey: ['skills', 'options'],
  queryFn: ({ signal }) => api.get<{ items: SkillOption[] }>('/skills/options', { signal }),
  staleTime: 60_000,
});
export const toolOptionsQuery = queryOptions({
  queryKey: ['tools', 'options'],
  queryFn: ({ signal }) => api.get<{ items: ToolOption[] }>('/tools/options', { signal }),
  staleTime: 60_000,
});

/** How the new employee's invitation went ('none': not asked for, or nowhere to send it). */
export type EmployeeCreatedAnswer = EmployeeDetail & { invitation?: { channel: 'sms' | 'email' | 'none' } };

export const createEmployee = (body: CreateEmployeeParsed) =>
  api.post<EmployeeCreatedAnswer>('/employees', body);
/** PUT replaces the whole employee: send every field. */
export const updateEmployee = (id: string, body: UpdateEmployeeParsed) =>
  api.put<EmployeeDetail>(`/employees/${id}`, body);
export const deleteEmployee = (id: string) => api.delete<DeleteOutcome>(`/employees/${id}`);
export const resendInvitation = (id: string, channel: 'sms' | 'email') =>
  api.post<{ channel: 'sms' | 'email' | null }>(`/employees/${id}/invitation`, { channel });

/** The employee's fields as PUT wants them, from their detail. */
export function employeeFields(employee: EmployeeDetail): UpdateEmployeeParsed {
  return {
    employeeNumber: employee.employeeNumber,
    firstName: employee.firstName,
    lastName: employee.lastName,
    email: employee.email,
    phone: employee.phone,
    language: employee.language,
    street: employee.street,
    city: employee.city,
    province: employee.province,
    postalCode: employee.postalCode,
    status: employee.status,
    fearOfHeights: employee.fearOfHeights,
    warrantyUntil: employee.warrantyUntil,
    notes: employee.notes,
    skills: employee.skills.map(({ skillId, obtainedOn, expiresOn }) => ({ skillId, obtainedOn, expiresOn })),
    toolIds: employee.tools.map((tool) => tool.toolId),
    active: employee.active,
  };
}
