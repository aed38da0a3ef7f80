import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { payWeekStart, personalDataFileSchema } from '@brigade/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { buildTestApp } from '../../../test/app.ts';
import { hasPdftotext, pdfText } from '../../../test/pdf-text.ts';
import {
  absences,
  applicants,
  auditLog,
  conversations,
  employees,
  messages,
  sessions,
  siteSupervisors,
  sites,
  timeEntries,
  timeEntryPhotos,
  users,
} from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';
import { storageFor } from '../../lib/storage.ts';
import { parseCsv } from '../reports/index.ts';
import { pseudonymOf } from './person.ts';
import { defaultRetention, runRetentionJob } from './retention.ts';

/**
 * A person's file under Law 25 (issue 30, points 1 and 2): the export read back (files listed,
 * JSON checked against its schema, CSVs parsed, the PDF's text in the person's language), an
 * export of thousands of messages, anonymisation (what it erases, what it keeps: the employees
 * hours report the same before and after), twice, an export after it, refused callers, and the
 * retention job picking only those past their retention.
 */
const t = await buildTestApp();
const admin = await t.signedIn('admin');
const call = t.callAs(admin.headers);
const storage = storageFor(t.config);

const weekStart = payWeekStart(addDays(companyToday(), -7));
const weekEnd = addDays(weekStart, 6);
const day = (index: number) => addDays(weekStart, index);

let clientId: string;
let siteId: string;
let supervisorId: string;

async function unzip(content: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(content, { lazyEntries: true });
  const files = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    const stream: Readable = await zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    files.set(entry.fileName, Buffer.concat(chunks));
  }
  return files;
}

async function entry(employeeId: string, index: number, parking = 0, comment: string | null = null) {
  const response = await call('POST', '/time-entries', {
    employeeId,
    siteId,
    workDate: day(index),
    startTime: '07:00',
    endTime: '15:30',
    breakMinutes: 30,
    parking,
    comment,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

async function photo(entryId: string) {
  const jpeg = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/time-entries/${entryId}/photos`,
    headers: { ...admin.headers, 'content-type': 'image/jpeg' },
    payload: jpeg,
  });
  expect(response.statusCode, response.body).toBe(201);
}

/** An SMS thread of the person (General), with these texts, written as the inbound path would. */
async function thread(owner: { userId?: string; applicantId?: string }, phone: string, texts: string[]) {
  const [conversation] = await t.db
    .insert(conversations)
    .values({ type: owner.applicantId ? 'Applicants' : 'General', phone, ...owner })
    .returning();
  if (texts.length)
    await t.db.insert(messages).values(
      texts.map((body, index) => ({
        conversationId: conversation!.id,
        type: conversation!.type,
        direction: index % 2 ? ('in' as const) : ('out' as const),
        body,
        phone,
        status: index % 2 ? ('received' as const) : ('delivered' as const),
        // A second apart: one statement's rows would share the transaction's instant.
        createdAt: new Date(Date.now() + index * 1000),
      })),
    );
  return conversation!;
}

/** A worker with an address, notes, two days of hours (one with parking, a photo and a comment), an absence and SMS. */
async function worker(firstName: string, lastName: string, language: 'fr' | 'en' = 'fr') {
  const phone = `+1438555${String(Math.floor(Math.random() * 10000)).padStart(4, '0')}`;
  const user = await t.createEmployee(
    { firstName, lastName, language, phone },
    {
      street: '12 rue des Érables',
      city: 'Laval',
      postalCode: 'H7N 1A1',
      notes: 'Préfère les chantiers de jour',
    },
  );
  const monday = await entry(user.id, 1, 12.5, 'Stationnement rue Principale');
  await entry(user.id, 2);
  await photo(monday.id);
  await t.db.insert(absences).values({
    employeeId: user.id,
    type: 'sick',
    startsOn: addDays(weekStart, -14),
    endsOn: addDays(weekStart, -13),
    reason: 'Grippe',
  });
  await thread({ userId: user.id }, phone, ['Bonjour, êtes-vous disponible lundi?', 'Oui, merci!']);
  return { ...user, phone };
}

beforeAll(async () => {
  const client = (await call('POST', '/clients', { name: 'Béton Laval', language: 'fr' })).json();
  clientId = client.id;
  const supervisor = await t.createUser({
    role: 'supervisor',
    clientId,
    firstName: 'Sophie',
    lastName: 'Bédard',
    language: 'fr',
  });
  supervisorId = supervisor.id;
  siteId = (
    await call('POST', `/clients/${clientId}/sites`, { name: 'Tour Émile', supervisorIds: [supervisor.id] })
  ).json().id;
});

const get = (url: string, as: Record<string, string> = admin.headers) => call('GET', url, undefined, as);

describe('a person’s file on request', () => {
  it('gives an employee’s ZIP: personne.json against its schema, the CSVs, their photos and a French summary; logged', async () => {
    const luc = await worker('Luc', 'Tremblay');
    const response = await get(`/employees/${luc.id}/personal-data`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="donnees-personnelles_[0-9a-f]{8}_\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const files = await unzip(response.rawPayload);
    const names = [...files.keys()];
    expect(names.slice(0, 5)).toEqual([
      'personne.json',
      'schema.json',
      'heures.csv',
      'messages.csv',
      'resume.pdf',
    ]);
    expect(names.filter((name) => name.startsWith('fichiers/recus/'))).toHaveLength(1);

    const person = personalDataFileSchema.parse(JSON.parse(files.get('personne.json')!.toString('utf8')));
    expect(person.identity).toMatchObject({ firstName: 'Luc', lastName: 'Tremblay', phone: luc.phone });
    expect(person.address).toMatchObject({ street: '12 rue des Érables', city: 'Laval' });
    expect(person.employment?.notes).toBe('Préfère les chantiers de jour');
    expect(person.absences).toMatchObject([{ type: 'sick', reason: 'Grippe' }]);
    expect(person.totals).toEqual({ entries: 2, minutes: 960, parkingCents: 1250, messages: 2 });
    expect(person.timeEntries.map((each) => each.workDate)).toEqual([day(1), day(2)]);
    expect(person.timeEntries[0]?.photos[0]).toMatch(/^fichiers\/recus\//);
    expect(files.get(person.timeEntries[0]!.photos[0]!)!.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(person.messages.map((message) => message.direction)).toEqual(['out', 'in']);

    const schema = JSON.parse(files.get('schema.json')!.toString('utf8'));
    expect(schema).toMatchObject({ type: 'object', title: 'personne.json' });
    expect(schema.required).toEqual(expect.arrayContaining(['identity', 'timeEntries', 'messages']));

    const hours = files.get('heures.csv')!.toString('utf8');
    expect(hours.startsWith('\uFEFF')).toBe(true);
    const hourRows = parseCsv(hours, 'semicolon');
    expect(hourRows[0]?.slice(0, 3)).toEqual(['Date', 'Client', 'Chantier']);
    expect(hourRows.slice(1).map((row) => [row[0], row[6], row[7], row[8]])).toEqual([
      [day(1), '8,00', '12,50', 'Stationnement rue Principale'],
      [day(2), '8,00', '0,00', ''],
    ]);
    const texts = parseCsv(files.get('messages.csv')!.toString('utf8'), 'semicolon');
    expect(texts.slice(1).map((row) => row[5])).toEqual([
      'Bonjour, êtes-vous disponible lundi?',
      'Oui, merci!',
    ]);

    if (hasPdftotext) {
      const text = pdfText(files.get('resume.pdf')!);
      expect(text).toContain('Dossier de renseignements personnels');
      expect(text).toContain('Luc Tremblay');
      expect(text).toMatch(/Heures travaillées : 16 h/);
      expect(text).toContain('Statut : Disponible');
    }
    const [logged] = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityId} = ${luc.id} and ${auditLog.action} = 'employee.personal_data_export'`);
    expect(logged).toMatchObject({ actorId: admin.user.id, entity: 'employee' });
  });

  it('gives an English applicant’s file with their CV, comma CSVs with a BOM and an English summary', async () => {
    const created = await call('POST', '/applicants', {
      firstName: 'Sam',
      lastName: 'Walker',
      phone: '+15145559876',
      email: 'sam.walker@example.test',
      language: 'en',
      city: 'Gatineau',
      skillIds: [],
      notes: 'Met at the job fair',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: `/api/applicants/${id}/cv`,
      headers: { ...admin.headers, 'content-type': 'application/pdf', 'x-file-name': 'cv-sam.pdf' },
      payload: pdf,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const response = await get(`/applicants/${id}/personal-data`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename="personal-data_/);
    const files = await unzip(response.rawPayload);
    const person = personalDataFileSchema.parse(JSON.parse(files.get('personne.json')!.toString('utf8')));
    expect(person.kind).toBe('applicants');
    expect(person.application).toMatchObject({
      notes: 'Met at the job fair',
      cv: { path: 'fichiers/cv/cv-sam.pdf' },
    });
    expect(files.get('fichiers/cv/cv-sam.pdf')).toEqual(pdf);
    const hours = files.get('heures.csv')!.toString('utf8');
    expect(hours).toBe(
      '\uFEFFDate,Client,Site,Start,End,Break (min),Hours,Parking ($),Comment,Rejection reason\r\n',
    );
    if (hasPdftotext) expect(pdfText(files.get('resume.pdf')!)).toContain('Personal information file');
  });

  it('gives a supervisor’s file with their sites', async () => {
    const response = await get(`/supervisors/${supervisorId}/personal-data`);
    expect(response.statusCode, response.body).toBe(200);
    const files = await unzip(response.rawPayload);
    const person = personalDataFileSchema.parse(JSON.parse(files.get('personne.json')!.toString('utf8')));
    expect(person.supervision).toMatchObject({
      client: { id: clientId },
      sites: [{ id: siteId, name: 'Tour Émile' }],
    });
  });

  it('streams thousands of messages, even many of one instant, each once and in order', async () => {
    const luc = await t.createEmployee({ firstName: 'Bavard', lastName: 'Beaucoup' });
    const conversation = await thread({ userId: luc.id }, '+15145550000', []);
    const count = 2_345;
    await t.db.execute(sql`
      insert into messages (conversation_id, type, direction, body, phone, status, created_at)
      select ${conversation.id}, 'General', 'out', 'Message ' || n, '+15145550000', 'delivered',
             timestamptz '2026-01-01 12:00:00+00' + ((n / 1000) * interval '1 second')
      from generate_series(1, ${count}) n`);
    const response = await get(`/employees/${luc.id}/personal-data`);
    expect(response.statusCode).toBe(200);
    const files = await unzip(response.rawPayload);
    const person = JSON.parse(files.get('personne.json')!.toString('utf8'));
    expect(person.messages).toHaveLength(count);
    expect(new Set(person.messages.map((message: { id: string }) => message.id)).size).toBe(count);
    const rows = parseCsv(files.get('messages.csv')!.toString('utf8'), 'semicolon').slice(1);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((row) => row[5])).size).toBe(count);
  });

  it('is the admins’: a supervisor and an employee are refused, and nothing is logged', async () => {
    const luc = await t.createEmployee({ firstName: 'Refus', lastName: 'Export' });
    const supervisor = await t.signedIn('supervisor', { clientId });
    const self = await t.signIn(luc);
    for (const as of [supervisor.headers, self.headers]) {
      expect((await get(`/employees/${luc.id}/personal-data`, as)).statusCode).toBe(403);
    }
    expect((await get(`/employees/00000000-0000-4000-8000-000000000000/personal-data`)).json().code).toBe(
      'NOT_FOUND',
    );
    // A supervisor is not an employee: the route names the kind.
    expect((await get(`/employees/${supervisorId}/personal-data`)).statusCode).toBe(404);
    const logged = await t.db.select().from(auditLog).where(eq(auditLog.entityId, luc.id));
    expect(logged).toEqual([]);
  });
});

/** Every number of every sheet of the workbook, in order: the totals and each line's. */
async function numbersOf(content: Buffer): Promise<number[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(content as unknown as ArrayBuffer);
  const numbers: number[] = [];
  for (const sheet of book.worksheets)
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        const value = cell.value;
        const result =
          value && typeof value === 'object' && 'result' in value
            ? (value as { result: unknown }).result
            : value;
        if (typeof result === 'number') numbers.push(result);
      }),
    );
  // Lines are in name order, and a name changes: the same numbers, in whatever order.
  return numbers.sort((a, b) => a - b);
}

describe('anonymisation', () => {
  it('erases who they are and keeps their hours and money: the employees hours report is the same', async () => {
    const marie = await worker('Marie', 'Roy');
    const other = await worker('Paul', 'Côté');
    const signedIn = await t.signIn(marie);
    const period = `from=${weekStart}&to=${weekEnd}`;
    const previewBefore = (await get(`/reports/employees-hours/preview?${period}`)).json();
    const bookBefore = await numbersOf(
      (await get(`/reports/employees-hours?format=xlsx&${period}`)).rawPayload,
    );
    const [photoBefore] = await t.db
      .select()
      .from(timeEntryPhotos)
      .innerJoin(timeEntries, eq(timeEntries.id, timeEntryPhotos.timeEntryId))
      .where(eq(timeEntries.employeeId, marie.id));
    expect(await storage.get(photoBefore!.time_entry_photos.storageKey)).not.toBeNull();
    const entriesBefore = await t.db
      .select({ minutes: timeEntries.minutes, parkingCents: timeEntries.parkingCents })
      .from(timeEntries)
      .where(eq(timeEntries.employeeId, marie.id));

    const response = await call('POST', `/employees/${marie.id}/anonymize`);
    expect(response.statusCode, response.body).toBe(200);
    const pseudonym = pseudonymOf(marie.id);
    expect(pseudonym).toMatch(/^Personne [0-9A-F]{6}$/);
    expect(response.json()).toMatchObject({
      id: marie.id,
      kind: 'employees',
      pseudonym,
      erased: { files: 1, messages: 2 },
    });

    // The report: the same numbers, line for line, Marie's line under her pseudonym.
    const previewAfter = (await get(`/reports/employees-hours/preview?${period}`)).json();
    const withoutNames = (preview: { rows: Record<string, unknown>[] }) =>
      preview.rows
        .map(({ employee: _employee, ...numbers }) => numbers)
        // Lines are in name order, and her name changed: compared by employee number.
        .sort((a, b) => String(a.number).localeCompare(String(b.number)));
    expect(withoutNames(previewAfter)).toEqual(withoutNames(previewBefore));
    expect(previewAfter.totals ?? null).toEqual(previewBefore.totals ?? null);
    expect(JSON.stringify(previewAfter)).not.toContain('Roy');
    expect(JSON.stringify(previewAfter)).toContain('Côté');
    expect(await numbersOf((await get(`/reports/employees-hours?format=xlsx&${period}`)).rawPayload)).toEqual(
      bookBefore,
    );
    expect(
      await t.db
        .select({ minutes: timeEntries.minutes, parkingCents: timeEntries.parkingCents })
        .from(timeEntries)
        .where(eq(timeEntries.employeeId, marie.id)),
    ).toEqual(entriesBefore);

    // Who she was: gone.
    const detail = (await get(`/employees/${marie.id}`)).json();
    expect(detail).toMatchObject({
      firstName: 'Personne',
      lastName: pseudonym.split(' ')[1],
      email: null,
      phone: null,
      street: null,
      city: null,
      postalCode: null,
      notes: null,
      active: false,
      status: 'termine',
      hasPassword: false,
    });
    expect(detail.anonymizedAt).toEqual(expect.any(String));
    const [entry] = await t.db
      .select()
      .from(timeEntries)
      .where(eq(timeEntries.employeeId, marie.id))
      .limit(1);
    expect(entry?.comment).toBeNull();
    const [absence] = await t.db.select().from(absences).where(eq(absences.employeeId, marie.id));
    expect(absence).toMatchObject({ type: 'sick', reason: null });
    const texts = await t.db
      .select({ body: messages.body })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(eq(conversations.userId, marie.id));
    expect(texts).toEqual([{ body: '' }, { body: '' }]);
    expect(
      await t.db
        .select()
        .from(timeEntryPhotos)
        .where(eq(timeEntryPhotos.id, photoBefore!.time_entry_photos.id)),
    ).toEqual([]);
    expect(await storage.get(photoBefore!.time_entry_photos.storageKey)).toBeNull();
    expect(
      existsSync(path.join(t.config.DATA_DIR, 'files', photoBefore!.time_entry_photos.thumbnailKey)),
    ).toBe(false);
    // Signed out everywhere, and never back in.
    expect((await get('/users/me', signedIn.headers)).statusCode).toBe(401);
    const open = await t.db.select().from(sessions).where(eq(sessions.userId, marie.id));
    expect(open.every((session) => session.revokedAt !== null)).toBe(true);
    // The log keeps what happened, not who she was.
    const logged = await t.db.select().from(auditLog).where(eq(auditLog.entityId, marie.id));
    expect(logged.map((row) => row.action)).toContain('employee.anonymize');
    expect(JSON.stringify(logged)).not.toMatch(/Marie|Roy|Érables|Préfère/);
    // The other worker is untouched.
    expect((await get(`/employees/${other.id}`)).json()).toMatchObject({ firstName: 'Paul', city: 'Laval' });

    // Twice: refused, nothing changes; her file is no longer exported.
    const again = await call('POST', `/employees/${marie.id}/anonymize`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_ANONYMIZED',
      details: { anonymizedAt: detail.anonymizedAt },
    });
    const exported = await get(`/employees/${marie.id}/personal-data`);
    expect(exported.statusCode).toBe(409);
    expect(exported.json()).toMatchObject({ code: 'PERSON_ANONYMIZED' });
    // Nothing of hers changes any more: no edit (no coming back from the archive), no invitation.
    const {
      id: _id,
      deletable: _deletable,
      hasPassword: _hasPassword,
      hiredFromApplicantId: _hired,
      anonymizedAt: _at,
      createdAt: _created,
      updatedAt: _updated,
      skills: _skills,
      tools: _tools,
      ...fields
    } = detail;
    const edit = await call('PUT', `/employees/${marie.id}`, {
      ...fields,
      firstName: 'Marie',
      active: true,
      skills: [],
      toolIds: [],
    });
    expect(edit.statusCode, edit.body).toBe(409);
    expect(edit.json().code).toBe('PERSON_ANONYMIZED');
    const invite = await call('POST', `/employees/${marie.id}/invitation`, { channel: 'sms' });
    expect(invite.json().code).toBe('PERSON_ANONYMIZED');
    expect((await get(`/employees/${marie.id}`)).json()).toMatchObject({
      firstName: 'Personne',
      active: false,
    });
  });

  it('deletes an applicant’s CV and blanks their texts', async () => {
    const created = (
      await call('POST', '/applicants', {
        firstName: 'Julie',
        lastName: 'Gagné',
        phone: '+15145554321',
        email: 'julie.gagne@example.test',
        language: 'fr',
        city: 'Lévis',
        skillIds: [],
        notes: 'Très motivée',
      })
    ).json();
    await t.app.inject({
      method: 'PUT',
      url: `/api/applicants/${created.id}/cv`,
      headers: { ...admin.headers, 'content-type': 'application/pdf', 'x-file-name': 'cv.pdf' },
      payload: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    const [before] = await t.db.select().from(applicants).where(eq(applicants.id, created.id));
    const applicantThread = await thread({ applicantId: created.id }, '+15145554321', [
      'Merci pour votre candidature',
    ]);
    // A draft the office has not sent yet: it never leaves.
    await t.db.insert(messages).values({
      conversationId: applicantThread.id,
      type: 'Applicants',
      direction: 'out',
      body: 'Pouvez-vous venir en entrevue?',
      phone: '+15145554321',
      status: 'pending',
    });
    const response = await call('POST', `/applicants/${created.id}/anonymize`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().erased).toEqual({ files: 1, messages: 2 });
    const left = await t.db
      .select({ body: messages.body, status: messages.status })
      .from(messages)
      .where(eq(messages.conversationId, applicantThread.id));
    expect(left).toEqual(
      expect.arrayContaining([
        { body: '', status: 'delivered' },
        { body: '', status: 'failed' },
      ]),
    );
    const detail = (await get(`/applicants/${created.id}`)).json();
    expect(detail).toMatchObject({
      firstName: 'Personne',
      phone: '',
      email: null,
      city: null,
      notes: null,
      cv: null,
    });
    expect(await storage.get(before!.cvKey!)).toBeNull();
    expect((await call('POST', `/applicants/${created.id}/anonymize`)).json().code).toBe(
      'ALREADY_ANONYMIZED',
    );
    const moved = await call('POST', `/applicants/${created.id}/status`, { status: 'contacted', note: null });
    expect(moved.json().code).toBe('PERSON_ANONYMIZED');
    expect((await call('POST', `/applicants/${created.id}/conversation`)).json().code).toBe(
      'PERSON_ANONYMIZED',
    );
    // What is left of them may still be deleted.
    expect((await call('DELETE', `/applicants/${created.id}`)).statusCode).toBe(200);
  });

  it('anonymises the application an employee was hired from with them', async () => {
    const created = (
      await call('POST', '/applicants', {
        firstName: 'Éloi',
        lastName: 'Embauché',
        phone: '+15145556789',
        language: 'fr',
        skillIds: [],
        notes: 'Recommandé par Luc',
      })
    ).json();
    const hired = await call('POST', `/applicants/${created.id}/hire`, {
      employeeNumber: 'E-LOI-25',
      invitationChannel: 'none',
    });
    expect(hired.statusCode, hired.body).toBe(201);
    const employeeId = (await get(`/applicants/${created.id}`)).json().employee.id;
    expect((await call('POST', `/employees/${employeeId}/anonymize`)).statusCode).toBe(200);
    expect((await get(`/applicants/${created.id}`)).json()).toMatchObject({
      firstName: 'Personne',
      lastName: pseudonymOf(created.id).split(' ')[1],
      notes: null,
      anonymizedAt: expect.any(String),
    });
  });

  it('keeps a supervisor’s approvals under their pseudonym, never leaving a live site without one', async () => {
    // Sophie alone supervises the Tour Émile: replace her first, as for an archive.
    const alone = await call('POST', `/supervisors/${supervisorId}/anonymize`);
    expect(alone.statusCode).toBe(409);
    expect(alone.json()).toMatchObject({
      code: 'CONFLICT',
      details: { reason: 'only_supervisor', sites: [{ id: siteId }] },
    });
    expect((await get(`/supervisors/${supervisorId}`)).json()).toMatchObject({
      firstName: 'Sophie',
      anonymizedAt: null,
    });
    const supervisor = await t.createUser({
      role: 'supervisor',
      clientId,
      firstName: 'Réal',
      lastName: 'Sirois',
    });
    const response = await call('POST', `/supervisors/${supervisor.id}/anonymize`);
    expect(response.statusCode, response.body).toBe(200);
    expect((await get(`/supervisors/${supervisor.id}`)).json()).toMatchObject({
      firstName: 'Personne',
      email: null,
      active: false,
      anonymizedAt: expect.any(String),
    });
  });

  it('is the admins’: a supervisor or the employee themself is refused, and nothing is written', async () => {
    const luc = await t.createEmployee({ firstName: 'Reste', lastName: 'Intact' });
    const supervisor = await t.signedIn('supervisor', { clientId });
    const self = await t.signIn(luc);
    for (const as of [supervisor.headers, self.headers]) {
      expect((await call('POST', `/employees/${luc.id}/anonymize`, undefined, as)).statusCode).toBe(403);
      expect((await call('POST', `/supervisors/${supervisorId}/anonymize`, undefined, as)).statusCode).toBe(
        403,
      );
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, luc.id));
    expect(row).toMatchObject({ firstName: 'Reste', anonymizedAt: null, active: true });
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(
          sql`${inArray(auditLog.entityId, [luc.id, supervisorId])} and ${auditLog.action} like '%.anonymize'`,
        ),
    ).toEqual([]);
  });
});

describe('retention', () => {
  const monthsAgo = (months: number) => {
    const date = new Date();
    date.setUTCMonth(date.getUTCMonth() - months);
    return date;
  };

  it('anonymises only those past their retention, once a day', async () => {
    const now = new Date();
    // Applicants: never hired, last activity 25 months ago (past) and 23 months ago (kept).
    const oldApplicant = (
      await call('POST', '/applicants', {
        firstName: 'Vieux',
        lastName: 'Candidat',
        phone: '+15145551111',
        language: 'fr',
        skillIds: [],
      })
    ).json().id;
    const recentApplicant = (
      await call('POST', '/applicants', {
        firstName: 'Récent',
        lastName: 'Candidat',
        phone: '+15145552222',
        language: 'fr',
        skillIds: [],
      })
    ).json().id;
    await t.db
      .update(applicants)
      .set({ updatedAt: monthsAgo(25), createdAt: monthsAgo(26) })
      .where(eq(applicants.id, oldApplicant));
    await t.db.execute(
      sql`update applicant_status_changes set changed_at = ${monthsAgo(26).toISOString()}::timestamptz where applicant_id = ${oldApplicant}`,
    );
    await t.db
      .update(applicants)
      .set({ updatedAt: monthsAgo(23) })
      .where(eq(applicants.id, recentApplicant));

    // Employees: archived with hours 7 years ago (past), archived with hours 5 years ago (kept),
    // active with hours 7 years ago (kept: still theirs).
    const employee = async (name: string, active: boolean, yearsAgo: number) => {
      const user = await t.createEmployee({ firstName: name, lastName: 'Ancien', active });
      await t.db.insert(timeEntries).values({
        employeeId: user.id,
        siteId,
        workDate: addDays(companyToday(), -Math.round(yearsAgo * 365.25)),
        startMinute: 420,
        endMinute: 900,
      });
      await t.db
        .update(users)
        .set({ updatedAt: monthsAgo(yearsAgo * 12) })
        .where(eq(users.id, user.id));
      return user.id;
    };
    const formerPast = await employee('Parti', false, 7);
    const formerKept = await employee('Gardé', false, 5);
    const activeOld = await employee('Actif', true, 7);

    // Supervisors: archived, their site ended 37 months ago (past), or 30 months ago (kept).
    const supervisor = async (months: number) => {
      const user = await t.createUser({ role: 'supervisor', clientId, active: false });
      const [site] = await t.db
        .insert(sites)
        .values({
          clientId,
          name: `Chantier fini ${months}`,
          startDate: addDays(companyToday(), -(months * 31 + 200)),
          endDate: addDays(companyToday(), -Math.round(months * 30.5)),
        })
        .returning();
      await t.db.insert(siteSupervisors).values({ siteId: site!.id, supervisorId: user.id });
      await t.db
        .update(users)
        .set({ updatedAt: monthsAgo(months) })
        .where(eq(users.id, user.id));
      return user.id;
    };
    const supervisorPast = await supervisor(37);
    const supervisorKept = await supervisor(30);

    const deps = { database: t.database, db: t.db, storage, settings: defaultRetention };
    const outcome = await runRetentionJob(deps, now);
    expect(outcome).toMatchObject({ ran: true, result: { skipped: false, failed: [] } });
    if (!outcome.ran) throw new Error('did not run');
    expect(outcome.result.anonymized).toEqual({
      applicants: [oldApplicant],
      employees: [formerPast],
      supervisors: [supervisorPast],
    });
    const anonymized = async (ids: string[]) =>
      (await t.db.select({ id: users.id, at: users.anonymizedAt }).from(users).where(inArray(users.id, ids)))
        .filter((row) => row.at !== null)
        .map((row) => row.id);
    expect(await anonymized([formerPast, formerKept, activeOld, supervisorPast, supervisorKept])).toEqual(
      expect.arrayContaining([formerPast, supervisorPast]),
    );
    expect(await anonymized([formerKept, activeOld, supervisorKept])).toEqual([]);
    const [recent] = await t.db.select().from(applicants).where(eq(applicants.id, recentApplicant));
    expect(recent?.anonymizedAt).toBeNull();
    const [employeeRow] = await t.db.select().from(employees).where(eq(employees.userId, formerPast));
    expect(employeeRow?.notes).toBeNull();
    const [logged] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, formerPast))
      .orderBy(sql`id desc`);
    expect(logged).toMatchObject({
      action: 'employee.anonymize',
      actorId: null,
      after: { reason: 'retention' },
    });

    // The same day again: it has run, nothing more.
    expect(await runRetentionJob(deps, now)).toMatchObject({ ran: true, result: { skipped: true } });
  });
});
