import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { clients, siteSupervisors, sites } from '../../db/schema/index.ts';

const t = await buildTestApp();
const { app, db } = t;
const admin = await t.signedIn('admin');

const unique = () => randomUUID().slice(0, 8);

async function makeClient(name = `Client ${unique()}`) {
  const [row] = await db.insert(clients).values({ name }).returning();
  return row!;
}

async function makeSite(clientId: string, name: string, supervisorIds: string[], extra = {}) {
  const [row] = await db
    .insert(sites)
    .values({ clientId, name, ...extra })
    .returning();
  for (const supervisorId of supervisorIds) {
    await db.insert(siteSupervisors).values({ siteId: row!.id, supervisorId });
  }
  return row!;
}

const detail = (id: string, headers = admin.headers) =>
  app.inject({ method: 'GET', url: `/api/supervisors/${id}`, headers });

describe('the sites a supervisor alone supervises', () => {
  it('are on their detail (live sites with no other active supervisor, with the client), before any archive is tried', async () => {
    const client = await makeClient(`Toitures Bérubé ${unique()}`);
    const alone = await t.signedIn('supervisor', { clientId: client.id });
    const colleague = await t.createUser({ role: 'supervisor', clientId: client.id });
    const archivedColleague = await t.createUser({ role: 'supervisor', clientId: client.id, active: false });
    const tower = await makeSite(client.id, 'Tour B', [alone.user.id]);
    const upcoming = await makeSite(client.id, 'Agrandissement A', [alone.user.id, archivedColleague.id], {
      startDate: '2999-01-01',
    });
    await makeSite(client.id, 'Entrepôt (avec un collègue)', [alone.user.id, colleague.id]);
    await makeSite(client.id, 'Terminé', [alone.user.id], { endDate: '2000-01-01' });
    await makeSite(client.id, 'Archivé', [alone.user.id], { archived: true });

    const answer = await detail(alone.user.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().soleSupervisorOf).toEqual([
      { id: upcoming.id, name: 'Agrandissement A', clientId: client.id, clientName: client.name },
      { id: tower.id, name: 'Tour B', clientId: client.id, clientName: client.name },
    ]);
    // The supervisor reads the same on their own profile.
    expect((await detail(alone.user.id, alone.headers)).json().soleSupervisorOf).toHaveLength(2);
    expect((await detail(colleague.id)).json().soleSupervisorOf).toEqual([]);
    expect((await detail(archivedColleague.id)).json().soleSupervisorOf).toEqual([]);

    // The archive itself still refuses, naming the same sites.
    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/supervisors/${alone.user.id}`,
      headers: admin.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details.sites).toEqual(answer.json().soleSupervisorOf);

    // Once both sites have another supervisor, nothing is listed and the archive goes through.
    await db.insert(siteSupervisors).values([
      { siteId: tower.id, supervisorId: colleague.id },
      { siteId: upcoming.id, supervisorId: colleague.id },
    ]);
    expect((await detail(alone.user.id)).json().soleSupervisorOf).toEqual([]);
    const archived = await app.inject({
      method: 'DELETE',
      url: `/api/supervisors/${alone.user.id}`,
      headers: admin.headers,
    });
    expect(archived.json()).toEqual({ outcome: 'archived' });
  });
});
