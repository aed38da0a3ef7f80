import type { SkillCreate, SkillDetail, SkillListItem, SkillUpdate } from '@brigade/shared/catalog';
import type { DeleteOutcome } from '@brigade/shared/list';
import { api } from '../../lib/api.ts';
import { detailQueryOptions, listQueryOptions } from '../../lib/queries.ts';

/** Query keys of the skills feature: invalidating `skillsKey` refreshes lists and details. */
export const skillsKey = ['skills'] as const;

export const skillsListQuery = (params: Record<string, string | number>) =>
  listQueryOptions<SkillListItem>(skillsKey, '/skills', params);

export const skillQuery = (id: string) =>
  detailQueryOptions<SkillDetail>([...skillsKey, id], `/skills/${id}`);

export const createSkill = (body: SkillCreate) => api.post<SkillDetail>('/skills', body);
export const updateSkill = (id: string, body: SkillUpdate) => api.put<SkillDetail>(`/skills/${id}`, body);
/** The skill's fields as PUT wants them (the whole skill). */
export const skillFields = ({ nameFr, nameEn, expirable, important, active }: SkillDetail) => ({
  nameFr,
  nameEn,
  expirable,
  important,
  active,
});
export const deleteSkill = (id: string) => api.delete<DeleteOutcome>(`/skills/${id}`);
