import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { auditLog, clients, users } from '../../db/schema/index.ts';

const t = await buildTestApp();
const { app, db } = t;
const admin = await t.signedIn('admin');

let counter = 0;
const unique = (name: string) => `${name} ${++counter}-${Math.random().toString(36).slice(2, 7)}`;

interface ClientSupervisorAnswer {
  id: string;
  active: boolean;
  archivedWithClient: boolean;
}

async function createClient() {
  const response = await app.inject({
    method: 'POST',
    url: '/api/clients',
    headers: admin.headers,
    payload: { name: unique('Coffrages Dubé') },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; name: string };
}

/** PUT of the client's whole record, with `extra` (active, reactivateSupervisorIds). */
function putClient(client: { id: string; name: string }, extra: Record<string, unknown>) {
  return app.inject({
    method: 'PUT',
    url: `/api/clients/${client.id}`,
    headers: admin.headers,
    payload: { name: client.name, province: 'QC', language: 'fr', timesheetAutoSend: false, ...extra },
  });
}

async function supervisorsOf(clientId: string): Promise<Record<string, ClientSupervisorAnswer>> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/clients/${clientId}`,
    headers: admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const list = response.json().supervisors as ClientSupervisorAnswer[];
  return Object.fromEntries(list.map((supervisor) => [supervisor.id, supervisor]));
}

async function isActive(...ids: string[]): Promise<boolean[]> {
  const rows = await db.select().from(users).where(inArray(users.id, ids));
  return ids.map((id) => rows.find((row) => row.id === id)!.active);
}

/** Archives a supervisor on their own, as their page's switch does. */
async function archiveOnTheirOwn(supervisor: { id: string; email: string }, clientId: string) {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/supervisors/${supervisor.id}`,
    headers: admin.headers,
    payload: {
      firstName: 'Denis',
      lastName: 'Gagnon',
      email: supervisor.email,
      phone: null,
      language: 'fr',
      clientId,
      active: false,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('reactivating a client', () => {
  it('brings back the supervisors the admin chose among those its archive archived, in one audited write', async () => {
    const client = await createClient();
    const chosen = await t.signedIn('supervisor', { clientId: client.id });
    const leftOut = await t.createUser({ role: 'supervisor', clientId: client.id });
    const onTheirOwn = await t.createUser({ role: 'supervisor', clientId: client.id });
    const neverActive = await t.createUser({ role: 'supervisor', clientId: client.id, active: false });
    await archiveOnTheirOwn(onTheirOwn, client.id);

    expect((await putClient(client, { active: false })).statusCode).toBe(200);
    const archived = await supervisorsOf(client.id);
    expect(archived[chosen.user.id]).toMatchObject({ active: false, archivedWithClient: true });
    expect(archived[leftOut.id]).toMatchObject({ active: false, archivedWithClient: true });
    expect(archived[onTheirOwn.id]).toMatchObject({ active: false, archivedWithClient: false });
    expect(archived[neverActive.id]).toMatchObject({ active: false, archivedWithClient: false });

    const back = await putClient(client, { active: true, reactivateSupervisorIds: [chosen.user.id] });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().active).toBe(true);
    expect(await isActive(chosen.user.id, leftOut.id, onTheirOwn.id)).toEqual([true, false, false]);
    // Once the client is back, nothing is offered any more.
    expect(
      back.json().supervisors.some((supervisor: ClientSupervisorAnswer) => supervisor.archivedWithClient),
    ).toBe(false);
    // Their sessions ended with the archive: they sign in again with their password.
    expect((await t.login(chosen.user.email)).user.id).toBe(chosen.user.id);

    const trail = await db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entityId, [client.id, chosen.user.id, leftOut.id]))
      .orderBy(auditLog.id);
    // (The two archives come in id order, which is random.)
    expect(trail.map((entry) => [entry.action, entry.entityId])).toEqual([
      ['client.create', client.id],
      ['client.archive', client.id],
      ['supervisor.archive', expect.any(String)],
      ['supervisor.archive', expect.any(String)],
      ['client.reactivate', client.id],
      ['supervisor.reactivate', chosen.user.id],
    ]);
    expect(trail.slice(2, 4).map((entry) => entry.entityId)).toEqual(
      expect.arrayContaining([chosen.user.id, leftOut.id]),
    );
    expect(trail.at(-1)!.after).toMatchObject({ active: true, reason: 'client_reactivated' });
  });

  it('offers after a second archive only the supervisors that archive archived', async () => {
    const client = await createClient();
    const first = await t.createUser({ role: 'supervisor', clientId: client.id });
    const second = await t.createUser({ role: 'supervisor', clientId: client.id });
    expect((await putClient(client, { active: false })).statusCode).toBe(200);
    expect((await putClient(client, { active: true, reactivateSupervisorIds: [first.id] })).statusCode).toBe(
      200,
    );

    // Archived again (the Archive button): `second` stayed archived the first time it came back.
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/clients/${client.id}`,
      headers: admin.headers,
    });
    expect(removed.json()).toEqual({ outcome: 'archived', archivedSupervisors: 1 });
    const offered = await supervisorsOf(client.id);
    expect(offered[first.id]!.archivedWithClient).toBe(true);
    expect(offered[second.id]!.archivedWithClient).toBe(false);

    const refused = await putClient(client, { active: true, reactivateSupervisorIds: [second.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: [{ path: 'reactivateSupervisorIds', message: 'invalid_supervisor' }] },
    });
    // Refused as a whole: the client is still archived.
    const [row] = await db.select().from(clients).where(eq(clients.id, client.id));
    expect(row!.active).toBe(false);
    expect(await isActive(first.id, second.id)).toEqual([false, false]);

    // Reactivated without naming anyone: everyone stays archived.
    expect((await putClient(client, { active: true })).statusCode).toBe(200);
    expect(await isActive(first.id, second.id)).toEqual([false, false]);
  });

  it('refuses supervisors of another client, unknown ones, and a PUT that does not reactivate the client', async () => {
    const client = await createClient();
    const other = await createClient();
    const ours = await t.createUser({ role: 'supervisor', clientId: client.id });
    const theirs = await t.createUser({ role: 'supervisor', clientId: other.id });
    expect((await putClient(other, { active: false })).statusCode).toBe(200);

    // The client is active: there is nothing to bring back.
    const notReactivating = await putClient(client, { active: true, reactivateSupervisorIds: [ours.id] });
    expect(notReactivating.statusCode).toBe(400);
    expect(notReactivating.json().details.fields[0].path).toBe('reactivateSupervisorIds');

    expect((await putClient(client, { active: false })).statusCode).toBe(200);
    for (const ids of [[theirs.id], ['00000000-0000-4000-8000-000000000000'], [ours.id, theirs.id]]) {
      const response = await putClient(client, { active: true, reactivateSupervisorIds: ids });
      expect(response.statusCode, JSON.stringify(ids)).toBe(400);
    }
    const malformed = await putClient(client, { active: true, reactivateSupervisorIds: ['not-an-id'] });
    expect(malformed.statusCode).toBe(400);
    expect(await isActive(ours.id, theirs.id)).toEqual([false, false]);

    // Named twice is named once.
    const back = await putClient(client, { active: true, reactivateSupervisorIds: [ours.id, ours.id] });
    expect(back.statusCode, back.body).toBe(200);
    expect(await isActive(ours.id)).toEqual([true]);
    const reactivations = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, ours.id), eq(auditLog.action, 'supervisor.reactivate')));
    expect(reactivations).toHaveLength(1);
  });
});
