import type { ToolCreate, ToolDetail, ToolUpdate } from '@brigade/shared/catalog';
import { detailQuery, listQuery, write } from '../../lib/queries.ts';

export const toolsListQuery = (params: Record<string, string | number>) => listQuery('GET /tools', params);

export const toolQuery = (id: string) => detailQuery('GET /tools/:id', id);

export const createTool = write('POST /tools', (body: ToolCreate) => ({ body }));
/** PUT replaces the whole tool: send every field (`toolFields`). */
export const updateTool = (id: string) =>
  write('PUT /tools/:id', (body: ToolUpdate) => ({ params: { id }, body }));
export const deleteTool = (id: string) => write('DELETE /tools/:id', () => ({ params: { id } }));

/** The tool's fields as PUT wants them (the whole tool). */
export const toolFields = ({ nameFr, nameEn, description, active }: ToolDetail): ToolUpdate => ({
  nameFr,
  nameEn,
  description,
  active,
});
