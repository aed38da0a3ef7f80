import type { ToolCreate, ToolDetail, ToolListItem, ToolUpdate } from '@brigade/shared/catalog';
import type { DeleteOutcome } from '@brigade/shared/list';
import { api } from '../../lib/api.ts';
import { detailQueryOptions, listQueryOptions } from '../../lib/queries.ts';

/** Query keys of the tools feature: invalidating `toolsKey` refreshes lists and details. */
export const toolsKey = ['tools'] as const;

export const toolsListQuery = (params: Record<string, string | number>) =>
  listQueryOptions<ToolListItem>(toolsKey, '/tools', params);

export const toolQuery = (id: string) => detailQueryOptions<ToolDetail>([...toolsKey, id], `/tools/${id}`);

export const createTool = (body: ToolCreate) => api.post<ToolDetail>('/tools', body);
export const updateTool = (id: string, body: ToolUpdate) => api.put<ToolDetail>(`/tools/${id}`, body);
/** The tool's fields as PUT wants them (the whole tool). */
export const toolFields = ({ nameFr, nameEn, description, active }: ToolDetail) => ({
  nameFr,
  nameEn,
  description,
  active,
});
export const deleteTool = (id: string) => api.delete<DeleteOutcome>(`/tools/${id}`);
