import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { auditLog, employeeSkills } from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';

const t = await buildTestApp();
const { app } = t;
const admin = (await t.signedIn('admin')).headers;
const tag = () => randomUUID().slice(0, 8);

async function api(method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) {
  return app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
}

async function createSkill(expirable: boolean): Promise<{ id: string }> {
  const response = await api('POST', '/api/skills', {
    nameFr: `Certificat ${tag()}`,
    nameEn: `Certificate ${tag()}`,
    expirable,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

type HeldSkill = { skillId: string; obtainedOn?: string | null; expiresOn?: string | null };

async function createEmployee(skills: HeldSkill[]): Promise<{ id: string }> {
  const response = await api('POST', '/api/employees', {
    employeeNumber: `E-${tag()}`,
    firstName: 'Karine',
    lastName: `Ouellet ${tag()}`,
    invitationChannel: 'none',
    skills,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** PUT of the whole employee as read, with `changes`: what the edit form sends. */
async function editEmployee(id: string, changes: Record<string, unknown>) {
  const {
    id: _id,
    deletable,
    hasPassword,
    createdAt,
    updatedAt,
    tools,
    skills,
    ...fields
  } = (await api('GET', `/api/employees/${id}`)).json();
  return api('PUT', `/api/employees/${id}`, {
    ...fields,
    toolIds: tools.map((tool: { toolId: string }) => tool.toolId),
    skills: skills.map(({ skillId, obtainedOn, expiresOn }: HeldSkill) => ({
      skillId,
      obtainedOn,
      expiresOn,
    })),
    ...changes,
  });
}

const skillDetail = async (id: string) => (await api('GET', `/api/skills/${id}`)).json();

/** PUT of the whole skill as read, with `expirable` changed: what the edit form sends. */
async function setExpirable(id: string, expirable: boolean) {
  const { nameFr, nameEn, important, active } = await skillDetail(id);
  return api('PUT', `/api/skills/${id}`, { nameFr, nameEn, important, active, expirable });
}
const validHolders = async (skillId: string) =>
  (await api('GET', `/api/employees?skillId=${skillId}&skillValid=true`))
    .json()
    .items.map((item: { id: string }) => item.id)
    .sort();

describe('a skill that does not expire', () => {
  it('refuses an expiry date for its holders, naming the field', async () => {
    const permanent = await createSkill(false);
    const employee = await createEmployee([{ skillId: permanent.id }]);
    const response = await editEmployee(employee.id, {
      skills: [{ skillId: permanent.id, obtainedOn: null, expiresOn: '2031-05-01' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fields).toEqual([
      { path: 'skills.0.expiresOn', message: 'not_expirable' },
    ]);
  });

  it('once it stops expiring, clears its holders’ dates and counts nobody as expiring', async () => {
    const today = companyToday();
    const skill = await createSkill(true);
    const expired = await createEmployee([{ skillId: skill.id, expiresOn: addDays(today, -5) }]);
    const soon = await createEmployee([{ skillId: skill.id, expiresOn: addDays(today, 20) }]);
    expect((await skillDetail(skill.id)).expiring).toMatchObject({ expired: 1, within30: 1, within90: 1 });
    expect(await validHolders(skill.id)).toEqual([soon.id]);

    const changed = await setExpirable(skill.id, false);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().expiring).toEqual({
      expired: 0,
      within30: 0,
      within60: 0,
      within90: 0,
      holders: [],
    });
    expect(changed.json().holders.map((holder: { expiresOn: string | null }) => holder.expiresOn)).toEqual([
      null,
      null,
    ]);
    expect(await validHolders(skill.id)).toEqual([expired.id, soon.id].sort());
    const rows = await t.db.select().from(employeeSkills).where(eq(employeeSkills.skillId, skill.id));
    expect(rows.map((row) => row.expiresOn)).toEqual([null, null]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, skill.id), eq(auditLog.action, 'skill.update')))
      .orderBy(desc(auditLog.id));
    expect(audit?.after).toMatchObject({ expirable: false, expiryDatesCleared: 2 });
  });
});

describe('a skill made expirable', () => {
  it('keeps its holders valid, and their unrelated edits saving, until someone gives them a date', async () => {
    const skill = await createSkill(false);
    const holder = await createEmployee([{ skillId: skill.id, obtainedOn: '2020-03-01' }]);
    expect((await setExpirable(skill.id, true)).statusCode).toBe(200);

    // An unrelated edit (the city) sends the skill back without a date: saved, not "expiry required".
    const edited = await editEmployee(holder.id, { city: 'Lévis' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().skills).toEqual([
      expect.objectContaining({
        skillId: skill.id,
        expirable: true,
        expiresOn: null,
        expired: false,
        daysLeft: null,
      }),
    ]);
    expect(await validHolders(skill.id)).toEqual([holder.id]);
    const detail = await skillDetail(skill.id);
    expect(detail.holderCount).toBe(1);
    expect(detail.expiring).toMatchObject({ expired: 0, within30: 0, within90: 0 });

    // A new holder may wait for their date too.
    expect((await createEmployee([{ skillId: skill.id }])).id).toBeDefined();
  });
});
