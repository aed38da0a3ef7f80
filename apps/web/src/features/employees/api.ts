import type {
  CreateEmployeeParsed,
  EmployeeDetail,
  EmployeeListItem,
  UpdateEmployeeParsed,
} from '@brigade/shared/employees';
import type { DeleteOutcome, Page } from '@brigade/shared/list';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { detailQueryOptions, listQueryOptions } from '../../lib/queries.ts';

/** Query keys of the employees feature: invalidating `employeesKey` refreshes lists and details. */
export const employeesKey = ['employees'] as const;

export const employeesListQuery = (params: Record<string, string | number>) =>
  listQueryOptions<EmployeeListItem>(employeesKey, '/employees', params);

export const employeeQuery = (id: string) =>
  detailQueryOptions<EmployeeDetail>([...employeesKey, id], `/employees/${id}`);

export interface CatalogOption {
  id: string;
  nameFr: string;
  nameEn: string;
  expirable?: boolean;
  important?: boolean;
}

/** The active skills and tools the form offers (the catalog is small: one page of 200). */
export const skillOptionsQuery = queryOptions({
  queryKey: ['skills', 'options'],
  queryFn: ({ signal }) =>
    api.get<Page<CatalogOption>>('/skills', { query: { active: 'true', pageSize: 200 }, signal }),
  staleTime: 60_000,
});
export const toolOptionsQuery = queryOptions({
  queryKey: ['tools', 'options'],
  queryFn: ({ signal }) =>
    api.get<Page<CatalogOption>>('/tools', { query: { active: 'true', pageSize: 200 }, signal }),
  staleTime: 60_000,
});

export const createEmployee = (body: CreateEmployeeParsed) => api.post<EmployeeDetail>('/employees', body);
export const updateEmployee = (id: string, body: UpdateEmployeeParsed) =>
  api.put<EmployeeDetail>(`/employees/${id}`, body);
export const deleteEmployee = (id: string) => api.delete<DeleteOutcome>(`/employees/${id}`);
export const resendInvitation = (id: string, channel: 'sms' | 'email') =>
  api.post<{ channel: 'sms' | 'email' | null }>(`/employees/${id}/invitation`, { channel });
