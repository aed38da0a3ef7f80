import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { auditLog } from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';

const t = await buildTestApp();
const admin = await t.signedIn('admin');
const call = t.callAs(admin.headers);

let site: { id: string };
beforeAll(async () => {
  const client = (await call('POST', '/clients', { name: 'Stationnements Laval' })).json();
  const supervisor = await t.createUser({ role: 'supervisor', clientId: client.id });
  site = (
    await call('POST', `/clients/${client.id}/sites`, {
      name: 'Centre Laval',
      supervisorIds: [supervisor.id],
    })
  ).json();
});

let day = 0;
/** A worker, signed in, with an entry of theirs (a day of its own). */
async function workerWithEntry() {
  const me = await t.signIn(await t.createEmployee());
  day += 1;
  const entry = (
    await call(
      'POST',
      '/time-entries',
      {
        siteId: site.id,
        workDate: addDays(companyToday(), -day),
        startTime: '07:00',
        endTime: '15:00',
        breakMinutes: 0,
        parking: 14,
      },
      me.headers,
    )
  ).json();
  return { me, entry };
}

/** A phone's photo: wide, lying on its side (EXIF orientation 6), with where and when it was taken. */
function phonePhoto(width = 3000, height = 2000) {
  return sharp({ create: { width, height, channels: 3, background: { r: 250, g: 250, b: 245 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Camera 12' },
      IFD2: { DateTimeOriginal: '2026:11:20 07:42:10' },
    })
    .toBuffer();
}

const upload = (entryId: string, body: Buffer, headers: Record<string, string>, type = 'image/jpeg') =>
  t.app.inject({
    method: 'POST',
    url: `/api/time-entries/${entryId}/photos`,
    headers: { ...headers, 'content-type': type },
    payload: body,
  });

describe('receipt photos', () => {
  it('turns the photo upright, shrinks it, strips its metadata, and makes a thumbnail', async () => {
    const { me, entry } = await workerWithEntry();
    const original = await phonePhoto();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await upload(entry.id, original, me.headers);
    expect(response.statusCode).toBe(201);
    const [photo] = response.json().photos;
    // Lying on its side at 3000 × 2000, upright it is 2000 × 3000: at most 1600 high.
    expect(photo).toMatchObject({ width: 1067, height: 1600 });
    const full = await t.app.inject({
      method: 'GET',
      url: `/api/time-entries/${entry.id}/photos/${photo.id}`,
      headers: me.headers,
    });
    expect(full.headers['content-type']).toBe('image/jpeg');
    const stored = await sharp(full.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 1067, height: 1600 });
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(full.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
    const thumb = await t.app.inject({
      method: 'GET',
      url: `/api/time-entries/${entry.id}/photos/${photo.id}?size=thumb`,
      headers: me.headers,
    });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 240, height: 240 });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, entry.id));
    expect(audit.map((row) => row.action)).toContain('time_entry.photo.add');
  });

  it('refuses what is not an image, and a seventh photo; another worker may not see them', async () => {
    const { me, entry } = await workerWithEntry();
    const notImage = await upload(
      entry.id,
      Buffer.from('%PDF-1.7 not a photo'),
      me.headers,
      'application/octet-stream',
    );
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toMatchObject({ code: 'PHOTO_NOT_ACCEPTED', details: { reason: 'type' } });
    const small = await phonePhoto(120, 80);
    for (let count = 0; count < 6; count++)
      expect((await upload(entry.id, small, me.headers)).statusCode).toBe(201);
    const seventh = await upload(entry.id, small, me.headers);
    expect(seventh.json()).toMatchObject({ code: 'PHOTO_NOT_ACCEPTED', details: { reason: 'count' } });
    const other = await t.signIn(await t.createEmployee());
    const photoId = (await call('GET', `/time-entries/${entry.id}`, undefined, me.headers)).json().photos[0]
      .id;
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/time-entries/${entry.id}/photos/${photoId}`,
      headers: other.headers,
    });
    expect(peek.statusCode).toBe(403);
  });

  it('refuses an image over 40 megapixels from its header, before decoding it', async () => {
    const { me, entry } = await workerWithEntry();
    // 8000 × 6500 of one colour: a small file, 52 MP (156 MB) once decoded.
    const huge = await sharp({ create: { width: 8000, height: 6500, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(1024 * 1024);
    const refused = await upload(entry.id, huge, me.headers, 'image/png');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      details: { width: 8000, height: 6500, maxPixels: 40_000_000 },
    });
    expect((await call('GET', `/time-entries/${entry.id}`)).json().photos).toEqual([]);
  });

  it('removes a photo and its files', async () => {
    const { me, entry } = await workerWithEntry();
    const photo = (await upload(entry.id, await phonePhoto(400, 300), me.headers)).json().photos[0];
    const removed = await call(
      'DELETE',
      `/time-entries/${entry.id}/photos/${photo.id}`,
      undefined,
      me.headers,
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.json().photos).toEqual([]);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/time-entries/${entry.id}/photos/${photo.id}`,
      headers: me.headers,
    });
    expect(gone.statusCode).toBe(404);
  });
});
