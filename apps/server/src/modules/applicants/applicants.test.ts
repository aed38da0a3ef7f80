import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { applicants, employeeSkills, messages, outbox, skills, users } from '../../db/schema/index.ts';
import { receiveInboundSms } from '../messages/index.ts';

const t = await buildTestApp();
const { app } = t;
const admin = await t.signedIn('admin');

const call = t.callAs(admin.headers);
function upload(id: string, content: Buffer, contentType = 'application/pdf', fileName = 'cv.pdf') {
  return app.inject({
    method: 'PUT',
    url: `/api/applicants/${id}/cv`,
    headers: { ...admin.headers, 'content-type': contentType, 'x-file-name': encodeURIComponent(fileName) },
    payload: content,
  });
}

let carpentry: { id: string };
let scaffolding: { id: string };
let counter = 0;
const newPhone = () => `+1514555${String(2000 + ++counter).padStart(4, '0')}`;
const applicant = (extra: Record<string, unknown> = {}) => ({
  firstName: 'Samuel',
  lastName: `Paquette ${++counter}`,
  phone: newPhone(),
  email: `samuel${counter}@example.test`,
  language: 'fr',
  city: 'Lévis',
  skillIds: [carpentry.id, scaffolding.id],
  yearsOfExperience: 4,
  ccqCardNumber: '123 456 789',
  ccqCardLevel: 'apprentice',
  ccqCardExpiresOn: '2027-05-31',
  availableOn: '2026-12-07',
  source: 'referral',
  notes: 'Référé par Jérôme',
  ...extra,
});
const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20), Buffer.from('\n%%EOF\n')]);
const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } })
  .png()
  .toBuffer();

beforeAll(async () => {
  carpentry = (
    await t.db.insert(skills).values({ nameFr: 'Charpenterie', nameEn: 'Carpentry' }).returning()
  )[0] as { id: string };
  scaffolding = (
    await t.db.insert(skills).values({ nameFr: 'Échafaudage', nameEn: 'Scaffolding' }).returning()
  )[0] as {
    id: string;
  };
});

describe('applicants', () => {
  it('records an applicant with a normalized card number and the first step of their history', async () => {
    const response = await call('POST', '/applicants', applicant());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      status: 'new',
      ccqCardNumber: '123456789',
      ccqCardLevel: 'apprentice',
      skills: [{ nameFr: 'Charpenterie' }, { nameFr: 'Échafaudage' }],
      history: [{ fromStatus: null, toStatus: 'new', changedBy: { id: admin.user.id } }],
      cv: null,
      employee: null,
    });
  });

  it('refuses a malformed card, phone or e-mail, naming each field, and stores nothing', async () => {
    const before = (await call('GET', '/applicants')).json().total;
    const response = await call(
      'POST',
      '/applicants',
      applicant({ ccqCardNumber: '12-AB', phone: '555', email: 'pas un courriel', yearsOfExperience: 90 }),
    );
    expect(response.statusCode).toBe(400);
    const fields = response.json().details.fields.map((f: { path: string }) => f.path);
    expect(fields).toEqual(expect.arrayContaining(['ccqCardNumber', 'phone', 'email', 'yearsOfExperience']));
    expect(
      response.json().details.fields.find((f: { path: string }) => f.path === 'ccqCardNumber').message,
    ).toBe('invalid_ccq_card');
    expect((await call('GET', '/applicants')).json().total).toBe(before);
  });

  it('moves through the statuses with notes, newest first in the history; hired only through Hire', async () => {
    const created = (await call('POST', '/applicants', applicant())).json();
    await call('POST', `/applicants/${created.id}/status`, {
      status: 'contacted',
      note: 'Laissé un message',
    });
    const moved = (
      await call('POST', `/applicants/${created.id}/status`, { status: 'interview', note: 'Mardi 10 h' })
    ).json();
    expect(moved.status).toBe('interview');
    expect(moved.history.map((h: { toStatus: string }) => h.toStatus)).toEqual([
      'interview',
      'contacted',
      'new',
    ]);
    expect(moved.history[0]).toMatchObject({ fromStatus: 'contacted', note: 'Mardi 10 h' });
    const hired = await call('POST', `/applicants/${created.id}/status`, { status: 'hired' });
    expect(hired.statusCode).toBe(400);
    const byStatus = (await call('GET', '/applicants?status=interview')).json();
    expect(byStatus.items.map((a: { id: string }) => a.id)).toContain(created.id);
  });

  it('searches by name, phone typed any way, city', async () => {
    const created = (
      await call('POST', '/applicants', applicant({ lastName: 'Désilets', city: 'Trois-Rivières' }))
    ).json();
    const digits = created.phone.slice(2);
    for (const q of [
      'desilets',
      `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
      'trois-rivieres',
    ]) {
      const found = (await call('GET', `/applicants?q=${encodeURIComponent(q)}`)).json();
      expect(
        found.items.map((a: { id: string }) => a.id),
        q,
      ).toContain(created.id);
    }
  });

  it('keeps a PDF or image CV checked by its content, replaces and removes it, never stores half', async () => {
    const created = (await call('POST', '/applicants', applicant())).json();
    const uploaded = await upload(created.id, pdf, 'application/octet-stream', 'CV Samuel été.pdf');
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json().cv).toEqual({
      fileName: 'CV Samuel été.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
    });
    const download = await call('GET', `/applicants/${created.id}/cv`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(pdf)).toBe(true);

    // A text file named .pdf is refused; so is anything over 5 MB; the CV in place stays.
    const fake = await upload(created.id, Buffer.from('bonjour'), 'application/pdf', 'cv.pdf');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().code).toBe('CV_NOT_ACCEPTED');
    const big = await upload(created.id, Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.statusCode).toBe(400);
    expect(big.json().code).toBe('CV_TOO_LARGE');
    expect((await call('GET', `/applicants/${created.id}`)).json().cv.fileName).toBe('CV Samuel été.pdf');

    const files = path.join(t.config.DATA_DIR, 'files', 'cv');
    const replaced = await upload(created.id, png, 'image/png', '../../etc/photo.png');
    expect(replaced.json().cv).toMatchObject({ fileName: 'photo.png', contentType: 'image/png' });
    // The replaced file is gone: one file for one CV.
    const [row] = await t.db.select().from(applicants).where(eq(applicants.id, created.id));
    expect(readdirSync(files).filter((name) => name === row?.cvKey?.slice(3))).toHaveLength(1);
    const removed = (await call('DELETE', `/applicants/${created.id}/cv`)).json();
    expect(removed.cv).toBeNull();
    expect(existsSync(path.join(files, row?.cvKey?.slice(3) ?? 'x'))).toBe(false);
    expect((await call('GET', `/applicants/${created.id}/cv`)).statusCode).toBe(404);
  });

  it('serves the CV as an attachment under a safe name with the extension of its real type', async () => {
    const created = (await call('POST', '/applicants', applicant())).json();
    // A PDF named as a web page: kept, sent and downloaded as a PDF, never shown as a page.
    expect((await upload(created.id, pdf, 'text/html', 'cv.html')).json().cv.fileName).toBe('cv.pdf');
    const asHtml = await call('GET', `/applicants/${created.id}/cv`);
    expect(asHtml.headers['content-type']).toBe('application/pdf');
    expect(asHtml.headers['content-disposition']).toBe(
      `attachment; filename="cv.pdf"; filename*=UTF-8''cv.pdf`,
    );
    // A right-to-left override shows "Résumé\u202Efdp.exe" as "Résuméexe.pdf": the control is dropped.
    const tricky = 'C:\\Users\\élise\\Résumé\u202Efdp.exe';
    expect((await upload(created.id, pdf, 'application/pdf', tricky)).json().cv.fileName).toBe(
      'Résuméfdp.pdf',
    );
    const download = await call('GET', `/applicants/${created.id}/cv`);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Resumefdp.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9fdp.pdf`,
    );
    // A row kept before names were cleaned is still sent under a clean name.
    await t.db
      .update(applicants)
      .set({ cvFileName: 'old\u202Egpj.html' })
      .where(eq(applicants.id, created.id));
    const old = await call('GET', `/applicants/${created.id}/cv`);
    expect(old.headers['content-disposition']).toBe(
      `attachment; filename="oldgpj.pdf"; filename*=UTF-8''oldgpj.pdf`,
    );
  });

  it('re-encodes an image CV without its metadata (no GPS), and refuses one over 40 MP before decoding', async () => {
    const created = (await call('POST', '/applicants', applicant())).json();
    const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#eee' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Camera 12' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '45/1 30/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '73/1 34/1 0/1',
        },
      })
      .toBuffer();
    const sent = await sharp(photo).metadata();
    // Its EXIF points at a GPS directory (tag 0x8825, in either byte order): where it was taken.
    const hasGps = (exif: Buffer | undefined) =>
      !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));
    expect(hasGps(sent.exif)).toBe(true);
    expect(sent.exif?.includes(Buffer.from('PhoneMaker'))).toBe(true);
    const uploaded = await upload(created.id, photo, 'image/jpeg', 'moi.jpeg');
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json().cv).toMatchObject({ fileName: 'moi.jpg', contentType: 'image/jpeg' });
    const kept = await call('GET', `/applicants/${created.id}/cv`);
    const metadata = await sharp(kept.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 600, height: 800 });
    expect(metadata.exif).toBeUndefined();
    expect(kept.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);

    // 8000 × 6500 of one colour: a small file, 52 MP once decoded.
    const huge = await sharp({ create: { width: 8000, height: 6500, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(1024 * 1024);
    const refused = await upload(created.id, huge, 'image/png', 'grand.png');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      details: { width: 8000, height: 6500, maxPixels: 40_000_000 },
    });
    expect((await call('GET', `/applicants/${created.id}`)).json().cv.fileName).toBe('moi.jpg');
  });

  it('hires: an employee with the phone, language, city and skills, invited by SMS, linked both ways, once', async () => {
    const created = (await call('POST', '/applicants', applicant({ language: 'en' }))).json();
    const hire = await call('POST', `/applicants/${created.id}/hire`, { employeeNumber: 'E-77001' });
    expect(hire.statusCode).toBe(201);
    const { employeeId, invitation } = hire.json();
    expect(invitation.channel).toBe('sms');
    const employee = (await call('GET', `/employees/${employeeId}`)).json();
    expect(employee).toMatchObject({
      employeeNumber: 'E-77001',
      firstName: 'Samuel',
      lastName: created.lastName,
      phone: created.phone,
      language: 'en',
      city: 'Lévis',
      hiredFromApplicantId: created.id,
    });
    expect(
      (await t.db.select().from(employeeSkills).where(eq(employeeSkills.employeeId, employeeId))).length,
    ).toBe(2);
    const [sms] = await t.db.select().from(outbox).where(eq(outbox.recipient, created.phone));
    expect(sms?.body).toMatch(/Brigade/);
    const after = (await call('GET', `/applicants/${created.id}`)).json();
    expect(after).toMatchObject({ status: 'hired', employee: { id: employeeId, employeeNumber: 'E-77001' } });
    expect(after.history[0]).toMatchObject({ fromStatus: 'new', toStatus: 'hired' });

    const again = await call('POST', `/applicants/${created.id}/hire`, { employeeNumber: 'E-77002' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('APPLICANT_HIRED');
    expect((await call('DELETE', `/applicants/${created.id}`)).json().code).toBe('APPLICANT_HIRED');
  });

  it('hires nothing half-way when the employee number is taken', async () => {
    const created = (await call('POST', '/applicants', applicant())).json();
    const taken = await call('POST', `/applicants/${created.id}/hire`, { employeeNumber: 'E-77001' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'NAME_NOT_UNIQUE', details: { field: 'employeeNumber' } });
    expect((await call('GET', `/applicants/${created.id}`)).json()).toMatchObject({
      status: 'new',
      employee: null,
    });
    expect(await t.db.select().from(users).where(eq(users.phone, created.phone))).toEqual([]);
  });

  it('deletes an applicant who was not hired', async () => {
    const created = (await call('POST', '/applicants', applicant())).json();
    expect((await call('DELETE', `/applicants/${created.id}`)).json()).toEqual({ outcome: 'deleted' });
    expect((await call('GET', `/applicants/${created.id}`)).statusCode).toBe(404);
  });

  it('has a conversation of type Applicants: texted from their page, their replies land in it', async () => {
    const created = (
      await call('POST', '/applicants', applicant({ language: 'en', lastName: 'Zylberberg' }))
    ).json();
    expect(created.conversationId).toBeNull();
    const opened = (await call('POST', `/applicants/${created.id}/conversation`)).json();
    expect((await call('POST', `/applicants/${created.id}/conversation`)).json()).toEqual(opened);
    expect((await call('GET', `/applicants/${created.id}`)).json().conversationId).toBe(
      opened.conversationId,
    );

    const sent = await call('POST', '/send/sms?pending=false', {
      messages: {
        type: 'Applicants',
        recipients: { conversationId: opened.conversationId },
        texts: { en: 'Are you free for an interview Tuesday?' },
      },
    });
    expect(sent.statusCode).toBe(200);
    const [out] = await t.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, opened.conversationId));
    expect(out).toMatchObject({ direction: 'out', phone: created.phone, language: 'en', type: 'Applicants' });

    await receiveInboundSms(
      { db: t.db, realtime: app.deps.realtime },
      { from: created.phone, body: 'Yes, 10 am works' },
    );
    const thread = await t.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, opened.conversationId));
    expect(thread.map((m) => m.direction).sort()).toEqual(['in', 'out']);
    const inbox = (await call('GET', '/conversations?type=Applicants&q=zylberberg')).json();
    expect(inbox.items).toEqual([
      expect.objectContaining({
        id: opened.conversationId,
        unseenCount: 1,
        contact: expect.objectContaining({
          kind: 'applicant',
          applicantId: created.id,
          name: 'Zylberberg, Samuel',
        }),
      }),
    ]);
  });

  it('is for admins only', async () => {
    const session = await t.signIn(await t.createEmployee());
    expect((await call('GET', '/applicants', undefined, session.headers)).statusCode).toBe(403);
    expect((await call('POST', '/applicants', applicant(), session.headers)).statusCode).toBe(403);
  });
});
