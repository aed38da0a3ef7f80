import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { employeeSearchText, supervisorSearchText } from './search-text.ts';

const t = await buildTestApp();
const { app } = t;
const admin = await t.signedIn('admin');

const tag = () => randomUUID().slice(0, 6);

describe('search text', () => {
  it('puts an employee last name first, without accents, with both forms of the phone', () => {
    expect(
      employeeSearchText({
        firstName: 'Hélène',
        lastName: 'Côté',
        employeeNumber: 'E-0042',
        email: null,
        phone: '+15145551234',
        city: 'Trois-Rivières',
      }),
    ).toBe('cote helene e-0042 15145551234 5145551234 trois-rivieres');
    expect(
      supervisorSearchText(
        { firstName: 'Zoé', lastName: 'Roy', email: 'zoe@x.test', phone: '+15145551234' },
        'Béton Québec',
      ),
    ).toBe('zoe roy zoe@x.test 15145551234 5145551234 beton quebec');
  });

  it('follows a name changed by the person on their own profile', async () => {
    const { user, headers } = await t.signIn(
      await t.createEmployee({ firstName: 'Marc', lastName: 'Avant' }),
    );
    const name = `Lévesque${tag()}`;
    const renamed = await app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers,
      payload: { firstName: 'Marc', lastName: name },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const found = await app.inject({
      method: 'GET',
      url: `/api/employees?q=${encodeURIComponent(name.replace('é', 'e'))}`,
      headers: admin.headers,
    });
    expect(found.json().items.map((item: { id: string }) => item.id)).toEqual([user.id]);
  });

  it("follows a client's new name on its supervisors", async () => {
    const clientName = `Béton ${tag()}`;
    const client = await app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: admin.headers,
      payload: { name: clientName },
    });
    expect(client.statusCode, client.body).toBe(201);
    const clientId = client.json().id;
    const supervisor = await app.inject({
      method: 'POST',
      url: '/api/supervisors',
      headers: admin.headers,
      payload: {
        clientId,
        firstName: 'Luc',
        lastName: 'Roy',
        email: `luc.${tag()}@x.test`,
        language: 'fr',
        invitationChannel: 'none',
      },
    });
    expect(supervisor.statusCode, supervisor.body).toBe(201);
    const newName = `Ciment ${tag()}`;
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/clients/${clientId}`,
      headers: admin.headers,
      payload: { name: newName, province: 'QC', language: 'fr', active: true, timesheetAutoSend: false },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const found = await app.inject({
      method: 'GET',
      url: `/api/supervisors?q=${encodeURIComponent(newName)}`,
      headers: admin.headers,
    });
    expect(found.json().items.map((item: { id: string }) => item.id)).toEqual([supervisor.json().id]);
  });
});
