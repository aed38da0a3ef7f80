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

export const createEmployee = (body: CreateEmployeeParsed) => api.post<EmployeeDetail>('/employees', body);
export const updateEmployee = (id: string, body: UpdateEmployeeParsed) =>
  api.put<EmployeeDetail>(`/employees/${id}`, body);
export const deleteEmployee = (id: string) => api.delete<DeleteOutcome>(`/employees/${id}`);
export const resendInvitation = (id: string, channel: 'sms' | 'email') =>
  api.post<{ channel: 'sms' | 'email' | null }>(`/employees/${id}/invitation`, { channel });
