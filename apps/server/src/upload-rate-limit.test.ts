import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildTestApp, uniqueTestPhone } from '../test/app.ts';
import { addDays, companyToday } from './lib/calendar.ts';

// Three uploads per person per route in 10 minutes, so that the fourth is refused.
const t = await buildTestApp({ UPLOAD_RATE_LIMIT: '3' });
const admin = await t.signedIn('admin');
const call = t.callAs(admin.headers);

const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 0x20), Buffer.from('\n%%EOF\n')]);
const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#ddd' } })
  .jpeg()
  .toBuffer();

const putCv = (id: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/applicants/${id}/cv`,
    headers: { ...headers, 'content-type': 'application/pdf', 'x-file-name': 'cv.pdf' },
    payload: pdf,
  });

describe('uploads per person', () => {
  it('answers 429 TOO_MANY_REQUESTS to the upload after UPLOAD_RATE_LIMIT, counted per person', async () => {
    const applicant = (
      await call('POST', '/applicants', { firstName: 'Léa', lastName: 'Roy', phone: uniqueTestPhone() })
    ).json();
    for (let n = 0; n < 3; n++) expect((await putCv(applicant.id, admin.headers)).statusCode).toBe(200);
    const fourth = await putCv(applicant.id, admin.headers);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('TOO_MANY_REQUESTS');
    // Another person of the office, from the same address, still may.
    const colleague = await t.signedIn('admin');
    expect((await putCv(applicant.id, colleague.headers)).statusCode).toBe(200);
    // Reading is not limited.
    expect((await call('GET', `/applicants/${applicant.id}/cv`)).statusCode).toBe(200);
  });

  it('limits receipt photos the same way', async () => {
    const client = (await call('POST', '/clients', { name: 'Stationnements Rive-Sud' })).json();
    const supervisor = await t.createUser({ role: 'supervisor', clientId: client.id });
    const site = (
      await call('POST', `/clients/${client.id}/sites`, { name: 'Longueuil', supervisorIds: [supervisor.id] })
    ).json();
    const me = await t.signIn(await t.createEmployee());
    const entry = (
      await call(
        'POST',
        '/time-entries',
        {
          siteId: site.id,
          workDate: addDays(companyToday(), -1),
          startTime: '07:00',
          endTime: '15:00',
          breakMinutes: 0,
          parking: 10,
        },
        me.headers,
      )
    ).json();
    const addPhoto = (entryId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/time-entries/${entryId}/photos`,
        headers: { ...me.headers, 'content-type': 'image/jpeg' },
        payload: photo,
      });
    for (let n = 0; n < 3; n++) expect((await addPhoto(entry.id)).statusCode).toBe(201);
    const fourth = await addPhoto(entry.id);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('TOO_MANY_REQUESTS');
    expect((await call('GET', `/time-entries/${entry.id}`)).json().photos).toHaveLength(3);
  });
});
