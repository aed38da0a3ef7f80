import type { SkillCreate, SkillDetail, SkillUpdate } from '@brigade/shared/catalog';
import { detailQuery, listQuery, write } from '../../lib/queries.ts';

export const skillsListQuery = (params: Record<string, string | number>) => listQuery('GET /skills', params);

export const skillQuery = (id: string) => detailQuery('GET /skills/:id', id);

export const createSkill = write('POST /skills', (body: SkillCreate) => ({ body }));
/** PUT replaces the whole skill: send every field (`skillFields`). */
export const updateSkill = (id: string) =>
  write('PUT /skills/:id', (body: SkillUpdate) => ({ params: { id }, body }));
export const deleteSkill = (id: string) => write('DELETE /skills/:id', () => ({ params: { id } }));

/** The skill's fields as PUT wants them (the whole skill). */
export const skillFields = ({ nameFr, nameEn, expirable, important, active }: SkillDetail): SkillUpdate => ({
  nameFr,
  nameEn,
  expirable,
  important,
  active,
});
