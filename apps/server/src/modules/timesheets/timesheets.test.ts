import { writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { payWeekStart } from '@brigade/shared';
import { and, eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { hasPdftotext, pdfText } from '../../../test/pdf-text.ts';
import { auditLog, clients, outbox, sites, timeEntries } from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';
import { createDeliverers } from '../outbox/index.ts';
import { issueToken } from '../sessions/index.ts';

const t = await buildTestApp();
const admin = await t.signedIn('admin');
const call = t.callAs(admin.headers);

// Last week (a past week, whole): Sunday to Saturday.
const weekStart = payWeekStart(addDays(companyToday(), -7));
const day = (index: number) => addDays(weekStart, index);

let client: { id: string };
let site: { id: string };
let supervisorFr: Awaited<ReturnType<typeof t.createUser>>;
let supervisorEn: Awaited<ReturnType<typeof t.createUser>>;
let supervisorNoEmail: Awaited<ReturnType<typeof t.createUser>>;
let workers: { id: string; headers: Record<string, string> }[];

beforeAll(async () => {
  client = (await call('POST', '/clients', { name: 'Construction Bérubé', language: 'fr' })).json();
  supervisorFr = await t.createUser({
    role: 'supervisor',
    clientId: client.id,
    firstName: 'Nadia',
    lastName: 'Roy',
  });
  supervisorEn = await t.createUser({
    role: 'supervisor',
    clientId: client.id,
    firstName: 'Jim',
    lastName: 'Walsh',
    language: 'en',
  });
  supervisorNoEmail = await t.createUser({
    role: 'supervisor',
    clientId: client.id,
    firstName: 'Réal',
    lastName: 'Côté',
    email: null,
    phone: '+15145550777',
    passwordHash: null,
  });
  site = (
    await call('POST', `/clients/${client.id}/sites`, {
      name: 'Tour Deschamps',
      city: 'Laval',
      po: 'PO-4471',
      jobNumber: 'J-88',
      adminHoursName: 'Paie Bérubé',
      adminHoursEmail: 'paie@berube.example',
      supervisorIds: [supervisorFr.id, supervisorEn.id, supervisorNoEmail.id],
    })
  ).json();
  workers = [];
  for (const [firstName, lastName] of [
    ['Luc', 'Tremblay'],
    ['Marie', 'Gagnon'],
  ] as const) {
    const user = await t.createEmployee({ firstName, lastName });
    workers.push({ id: user.id, headers: (await t.signIn(user)).headers });
  }
  // Luc: Monday to Friday 07:00–16:30 less 30 min (9 h a day: 1 h over each day), 12,50 $ parking Monday.
  for (let index = 1; index <= 5; index++) {
    const response = await call(
      'POST',
      '/time-entries',
      {
        siteId: site.id,
        workDate: day(index),
        startTime: '07:00',
        endTime: '16:30',
        breakMinutes: 30,
        parking: index === 1 ? 12.5 : 0,
      },
      workers[0]?.headers,
    );
    expect(response.statusCode).toBe(201);
  }
  // Marie: Tuesday 06:00–14:00.
  await call(
    'POST',
    '/time-entries',
    { siteId: site.id, workDate: day(2), startTime: '06:00', endTime: '14:00', breakMinutes: 0 },
    workers[1]?.headers,
  );
});

async function newSheet(week = weekStart) {
  const response = await call('POST', '/timesheets', { siteId: site.id, week });
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('a site’s week', () => {
  it('gathers every worker’s entries of the week, with totals per worker, day and week, once', async () => {
    const sheet = await newSheet(day(3));
    expect(sheet).toMatchObject({
      weekStart,
      status: 'draft',
      workers: 2,
      site: { po: 'PO-4471', jobNumber: 'J-88' },
    });
    expect(sheet.lines.map((line: { employee: { lastName: string } }) => line.employee.lastName)).toEqual([
      'Gagnon',
      'Tremblay',
    ]);
    const luc = sheet.lines[1];
    expect(luc).toMatchObject({ minutes: 45 * 60, regular: 40 * 60, overtime: 5 * 60, parkingCents: 1250 });
    expect(sheet.dayMinutes).toEqual([0, 540, 540 + 480, 540, 540, 540, 0]);
    expect(sheet.totals).toEqual({
      minutes: 53 * 60,
      regular: 48 * 60,
      overtime: 5 * 60,
      parkingCents: 1250,
    });
    // Asked again (another day of the same week): the same timesheet.
    expect((await newSheet(day(6))).id).toBe(sheet.id);
    const list = (await call('GET', `/timesheets?siteId=${site.id}`)).json();
    expect(list.items).toEqual([
      expect.objectContaining({
        id: sheet.id,
        workers: 2,
        minutes: 53 * 60,
        parkingCents: 1250,
        rejected: 0,
      }),
    ]);
  });
});

describe('hours without an assignation', () => {
  it('flags for the office the line of a worker not confirmed on the site that week; the logger knows the week’s sites', async () => {
    const other = (
      await call('POST', `/clients/${client.id}/sites`, {
        name: 'Entrepôt Nord',
        supervisorIds: [supervisorFr.id],
      })
    ).json();
    const expected = await t.createEmployee({ firstName: 'Paul', lastName: 'Attendu' });
    const unexpected = await t.createEmployee({ firstName: 'Rémi', lastName: 'Imprévu' });
    // Last week's order (past: written as it was then), Paul confirmed on it.
    await t.confirmOn({
      clientId: client.id,
      siteId: other.id,
      employeeId: expected.id,
      startsOn: day(1),
      endsOn: day(5),
    });
    for (const person of [expected, unexpected]) {
      const { headers } = await t.signIn(person);
      const defaults = (
        await call('GET', `/time-entries/defaults?date=${day(3)}`, undefined, headers)
      ).json();
      expect(defaults.assignedSiteIds).toEqual(person === expected ? [other.id] : []);
      const response = await call(
        'POST',
        '/time-entries',
        { siteId: other.id, workDate: day(3), startTime: '07:00', endTime: '15:00', breakMinutes: 0 },
        headers,
      );
      expect(response.statusCode).toBe(201);
    }
    const sheet = (await call('POST', '/timesheets', { siteId: other.id, week: weekStart })).json();
    expect(
      sheet.lines.map((line: { employee: { lastName: string }; withoutAssignation: boolean }) => [
        line.employee.lastName,
        line.withoutAssignation,
      ]),
    ).toEqual([
      ['Attendu', false],
      ['Imprévu', true],
    ]);
  });
});

describe('sending', () => {
  it('refuses addresses that are not supervisors of the site, naming them, and sends nothing', async () => {
    const sheet = await newSheet();
    const response = await call('POST', `/timesheets/${sheet.id}/send`, {
      emails: [supervisorFr.email, 'boss@elsewhere.example'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'EMAIL_CANT_SEND_NOT_SUPERVISOR',
      details: { emails: ['boss@elsewhere.example'] },
    });
    expect(await t.db.select().from(outbox).where(like(outbox.body, `%Tour Deschamps%`))).toEqual([]);
  });

  it('sends each supervisor a link in their language (by SMS without e-mail), the PDF to each e-mail', async () => {
    const sheet = await newSheet();
    const response = await call('POST', `/timesheets/${sheet.id}/send`, {});
    expect(response.statusCode).toBe(200);
    const { sent, timesheet } = response.json();
    expect(timesheet.status).toBe('sent');
    expect(sent).toEqual(
      expect.arrayContaining([
        { name: 'Nadia Roy', channel: 'email', to: supervisorFr.email },
        { name: 'Jim Walsh', channel: 'email', to: supervisorEn.email },
        { name: 'Réal Côté', channel: 'sms', to: '+15145550777' },
        { name: 'Paie Bérubé', channel: 'email', to: 'paie@berube.example' },
      ]),
    );
    const messages = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'email'), like(outbox.body, '%Tour Deschamps%')));
    const to = (address: string) => messages.find((m) => m.recipient === address);
    expect(to(supervisorFr.email)?.subject).toContain('Feuille de temps à approuver');
    expect(to(supervisorFr.email)?.body).toMatch(/\/magic-link-login\/[A-Za-z0-9_-]+/);
    expect(to(supervisorEn.email)?.subject).toContain('Timesheet to approve');
    // The admin-hours contact gets the PDF, without a link (they are no user of ours).
    expect(to('paie@berube.example')?.body).not.toContain('magic-link-login');
    const meta = to(supervisorEn.email)?.meta as
      | { attachments?: { key: string; fileName: string }[] }
      | undefined;
    const attachment = meta?.attachments?.[0];
    expect(attachment?.fileName).toMatch(/^timesheet-Tour-Deschamps-.*\.pdf$/);
    // The mail driver attaches the stored PDF.
    const english = to(supervisorEn.email);
    if (!english) throw new Error('no e-mail to Jim');
    await createDeliverers(t.config).email(english);
    const folder = path.join(t.config.DATA_DIR, 'outbox', 'mail');
    const mail = (await readdir(folder)).find((name) => name.includes(english.id));
    const eml = await readFile(path.join(folder, mail as string), 'utf8');
    expect(eml).toContain('Content-Type: application/pdf; name=timesheet-Tour-Deschamps-');
    expect(eml).toContain('Content-Language: en');
  });
});

/** The magic link e-mailed to `address` for this timesheet, as its token. */
async function linkTokenFor(address: string, timesheetId: string): Promise<string> {
  const rows = await t.db.select().from(outbox).where(eq(outbox.recipient, address));
  const row = rows.reverse().find((m) => (m.meta as { timesheetId?: string })?.timesheetId === timesheetId);
  const match = /magic-link-login\/([A-Za-z0-9_-]+)/.exec(row?.body ?? '');
  if (!match?.[1]) throw new Error(`no link for ${address}`);
  return match[1];
}

describe('approval from the magic link', () => {
  it('opening changes nothing; the explicit approval records who, when, from where; then it is closed', async () => {
    const sheet = await newSheet(addDays(weekStart, -7));
    await call('POST', `/timesheets/${sheet.id}/send`, {});
    const token = await linkTokenFor(supervisorFr.email, sheet.id);
    // A mail scanner opens the link, then the supervisor does, twice: still "sent".
    for (let opening = 0; opening < 2; opening++) {
      const session = await t.exchangeMagicLink(token);
      expect(session.statusCode).toBe(200);
      const headers = { authorization: `Bearer ${session.json().token}` };
      expect((await call('GET', `/timesheets/${sheet.id}`, undefined, headers)).json().status).toBe('sent');
    }
    const session = (await t.exchangeMagicLink(token)).json();
    const headers = { authorization: `Bearer ${session.token}`, 'user-agent': 'Chantier-Phone/1.0' };
    // The link reaches this timesheet and nothing else.
    expect((await call('GET', '/timesheets', undefined, headers)).statusCode).toBe(403);
    const approved = await call('POST', `/timesheets/${sheet.id}/approve`, undefined, headers);
    expect(approved.statusCode).toBe(200);
    // The approver's address and browser are the office's to see (issue 26, point 5).
    expect(approved.json()).toMatchObject({
      status: 'approved',
      approvedByName: 'Nadia Roy',
      approvedIp: null,
    });
    const seenBySupervisor = approved.json().events.find((e: { kind: string }) => e.kind === 'approved');
    expect(seenBySupervisor.detail).toEqual({ viaMagicLink: true });
    expect((await call('GET', `/timesheets/${sheet.id}`)).json()).toMatchObject({
      status: 'approved',
      approvedByName: 'Nadia Roy',
      approvedIp: '127.0.0.1',
      approvedUserAgent: 'Chantier-Phone/1.0',
      events: expect.arrayContaining([
        expect.objectContaining({
          kind: 'approved',
          actorName: 'Nadia Roy',
          detail: expect.objectContaining({ userAgent: 'Chantier-Phone/1.0', viaMagicLink: true }),
        }),
      ]),
    });
    expect((await call('POST', `/timesheets/${sheet.id}/approve`, undefined, headers)).json().code).toBe(
      'TIMESHEET_APPROVED',
    );
    // The send button is gone because sending is refused.
    expect((await call('POST', `/timesheets/${sheet.id}/send`, {})).json().code).toBe('TIMESHEET_APPROVED');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, sheet.id));
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['timesheet.create', 'timesheet.send', 'timesheet.approve']),
    );
  });

  it('refuses a link past its expiry, and another timesheet from a valid one', async () => {
    const sheet = await newSheet();
    const expired = await issueToken(t.db, {
      userId: supervisorFr.id,
      purpose: 'magic_link',
      scope: { kind: 'timesheet', id: sheet.id },
      minutes: -1,
    });
    expect((await t.exchangeMagicLink(expired)).statusCode).toBe(401);
    const other = await newSheet(addDays(weekStart, -14));
    const valid = await issueToken(t.db, {
      userId: supervisorFr.id,
      purpose: 'magic_link',
      scope: { kind: 'timesheet', id: sheet.id },
    });
    const headers = { authorization: `Bearer ${(await t.exchangeMagicLink(valid)).json().token}` };
    expect((await call('GET', `/timesheets/${other.id}`, undefined, headers)).statusCode).toBe(403);
    expect((await call('POST', `/timesheets/${other.id}/approve`, undefined, headers)).statusCode).toBe(403);
  });

  it('lets a supervisor reject a line with a reason; corrected hours clear it', async () => {
    const sheet = await newSheet();
    const supervisor = await t.signIn(supervisorFr);
    const entry = sheet.lines[0].days[2].entries[0];
    const rejected = await call(
      'POST',
      `/timesheets/${sheet.id}/entries/${entry.id}/reject`,
      { reason: 'Partie à 13 h' },
      supervisor.headers,
    );
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().lines[0].days[2].entries[0].rejection).toMatchObject({
      reason: 'Partie à 13 h',
      by: 'Nadia Roy',
    });
    expect(rejected.json().rejected).toBe(1);
    // An entry of another week is no line of this timesheet.
    const elsewhere = await newSheet(addDays(weekStart, -21));
    await call('POST', `/timesheets/${elsewhere.id}/send`, {});
    expect(
      (
        await call(
          'POST',
          `/timesheets/${elsewhere.id}/entries/${entry.id}/reject`,
          { reason: 'x' },
          supervisor.headers,
        )
      ).statusCode,
    ).toBe(404);
    await call('PUT', `/time-entries/${entry.id}`, {
      siteId: site.id,
      workDate: day(2),
      startTime: '06:00',
      endTime: '13:00',
      breakMinutes: 0,
    });
    expect(
      (await call('GET', `/timesheets/${sheet.id}`)).json().lines[0].days[2].entries[0].rejection,
    ).toBeNull();
  });
});

describe('after approval', () => {
  it('an employee’s change is refused; an admin’s reopens it, keeps the approval, tells the supervisors', async () => {
    const sheet = await newSheet();
    const supervisor = await t.signIn(supervisorFr);
    const approval = await call('POST', `/timesheets/${sheet.id}/approve`, undefined, supervisor.headers);
    expect(approval.json().status).toBe('approved');
    const [entry] = await t.db
      .select()
      .from(timeEntries)
      .where(and(eq(timeEntries.employeeId, workers[0]?.id as string), eq(timeEntries.workDate, day(4))));
    const change = {
      siteId: site.id,
      workDate: day(4),
      startTime: '07:00',
      endTime: '15:00',
      breakMinutes: 30,
    };
    const refused = await call('PUT', `/time-entries/${entry?.id}`, change, workers[0]?.headers);
    expect(refused.json().code).toBe('TIMESHEET_APPROVED');
    expect((await call('PUT', `/time-entries/${entry?.id}`, change)).statusCode).toBe(200);
    const reopened = (await call('GET', `/timesheets/${sheet.id}`)).json();
    expect(reopened).toMatchObject({ status: 'reopened', approvedAt: null });
    const event = reopened.events.findLast((e: { kind: string }) => e.kind === 'reopened');
    expect(event.detail.previousApproval).toMatchObject({ by: 'Nadia Roy' });
    const told = await t.db.select().from(outbox).where(like(outbox.idempotencyKey, 'timesheet-reopened:%'));
    expect(told.map((m) => m.recipient)).toEqual(
      expect.arrayContaining([supervisorFr.email, supervisorEn.email, '+15145550777']),
    );
    // Once when their refusal was corrected (earlier), once now that their approval is undone.
    expect(told.filter((m) => m.recipient === supervisorEn.email).map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining('Timesheet reopened')]),
    );
  });

  it('deletes a timesheet, approved or not; the hours stay with the workers', async () => {
    const sheet = await newSheet();
    const deleted = await call('DELETE', `/timesheets/${sheet.id}`);
    expect(deleted.json()).toEqual({ outcome: 'deleted' });
    expect((await call('GET', `/timesheets/${sheet.id}`)).statusCode).toBe(404);
    const hours = await t.db.select().from(timeEntries).where(eq(timeEntries.siteId, site.id));
    expect(hours.length).toBe(6);
  });
});

describe('the supervisor’s home', () => {
  it('lists their sites today with who logged hours there and how much', async () => {
    await call(
      'POST',
      '/time-entries',
      { siteId: site.id, workDate: companyToday(), startTime: '00:00', endTime: '00:45', breakMinutes: 0 },
      workers[1]?.headers,
    );
    const supervisor = await t.signIn(supervisorFr);
    const today = (await call('GET', '/timesheets/on-site-today', undefined, supervisor.headers)).json();
    expect(today.date).toBe(companyToday());
    const mine = today.sites.find((each: { id: string }) => each.id === site.id);
    expect(mine.workers).toEqual([
      expect.objectContaining({ id: workers[1]?.id, lastName: 'Gagnon', expected: false, minutes: 45 }),
    ]);
    expect((await call('GET', '/timesheets/on-site-today')).statusCode).toBe(403);
  });

  it('lists their active sites only: not an archived one, one past its end, one not started, nor any of an archived client', async () => {
    const today = companyToday();
    const siteNamed = async (name: string, dates: { startDate?: string; endDate?: string } = {}) =>
      (
        await call('POST', `/clients/${client.id}/sites`, {
          name,
          ...dates,
          supervisorIds: [supervisorFr.id],
        })
      ).json() as { id: string };
    const live = await siteNamed('Chantier en cours', { startDate: addDays(today, -30), endDate: today });
    const archived = await siteNamed('Chantier archivé');
    await t.db.update(sites).set({ archived: true }).where(eq(sites.id, archived.id));
    const ended = await siteNamed('Chantier terminé', {
      startDate: addDays(today, -30),
      endDate: addDays(today, -1),
    });
    const upcoming = await siteNamed('Chantier à venir', { startDate: addDays(today, 1) });
    const supervisor = await t.signIn(supervisorFr);
    const listed = async () =>
      (await call('GET', '/timesheets/on-site-today', undefined, supervisor.headers))
        .json()
        .sites.map((each: { id: string }) => each.id);
    const ids = await listed();
    expect(ids).toEqual(expect.arrayContaining([site.id, live.id]));
    for (const gone of [archived, ended, upcoming]) expect(ids).not.toContain(gone.id);
    // Its client archived (its supervisors are then archived too; kept active here to see the rule).
    await t.db.update(clients).set({ active: false }).where(eq(clients.id, client.id));
    try {
      expect(await listed()).toEqual([]);
    } finally {
      await t.db.update(clients).set({ active: true }).where(eq(clients.id, client.id));
    }
  });
});

describe('documents', () => {
  it.skipIf(!hasPdftotext)(
    'prints the week as text in the asked language: names, hours, totals, approval',
    async () => {
      const sheet = await newSheet();
      await call('POST', `/timesheets/${sheet.id}/send`, {});
      const supervisor = await t.signIn(supervisorEn);
      const approval = await call('POST', `/timesheets/${sheet.id}/approve`, undefined, supervisor.headers);
      expect(approval.json()).toMatchObject({ status: 'approved' });
      const fr = await call('GET', `/timesheets/${sheet.id}/pdf?language=fr`);
      expect(fr.headers['content-type']).toBe('application/pdf');
      const text = pdfText(fr.rawPayload);
      if (process.env.KEEP_PDF) writeFileSync(process.env.KEEP_PDF, fr.rawPayload);
      for (const expected of [
        'Feuille de temps hebdomadaire',
        'Construction Bérubé',
        'Tour Deschamps, Laval',
        'PO-4471',
        'J-88',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).toMatch(/Tremblay, Luc/);
      expect(text).toMatch(/Gagnon, Marie/);
      expect(text).toContain('12,50');
      expect(text).toContain('Approuvée par Jim Walsh le');
      const en = pdfText((await call('GET', `/timesheets/${sheet.id}/pdf?language=en`)).rawPayload);
      expect(en).toContain('Weekly timesheet');
      expect(en).toContain('Approved by Jim Walsh on');
      expect(en).toContain('$12.50');
    },
  );

  it('gives the week as a workbook with hours as numbers', async () => {
    const sheet = await newSheet();
    const response = await call('GET', `/timesheets/${sheet.id}/xlsx?language=en`);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const luc = rows.find((row) => row[0] === 'Tremblay, Luc');
    // Sunday to Saturday (Thursday corrected to 7.5 h above), total, regular, overtime, parking.
    expect(luc?.slice(2)).toEqual([undefined, 9, 9, 9, 7.5, 9, undefined, 43.5, 39.5, 4, 12.5]);
  });
});

describe('receipt photos of the week’s lines', () => {
  const receipt = () =>
    sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 245, g: 240, b: 230 } } })
      .jpeg()
      .toBuffer();
  async function photographed(entryId: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/time-entries/${entryId}/photos`,
      headers: { ...admin.headers, 'content-type': 'image/jpeg' },
      payload: await receipt(),
    });
    expect(response.statusCode).toBe(201);
    return response.json().photos.at(-1) as { id: string; width: number; height: number };
  }
  const photoUrl = (sheetId: string, entryId: string, photoId: string, size?: string) =>
    `/timesheets/${sheetId}/entries/${entryId}/photos/${photoId}${size ? `?size=${size}` : ''}`;

  it('lists each line’s photos, and shows them to whoever may open the timesheet, its magic link too', async () => {
    const sheet = await newSheet();
    const line = sheet.lines.find(
      (each: { employee: { id: string } }) => each.employee.id === workers[0]?.id,
    );
    const monday = line.days[1].entries[0];
    expect(monday.photos).toEqual([]);
    const first = await photographed(monday.id);
    const second = await photographed(monday.id);
    const read = (await call('GET', `/timesheets/${sheet.id}`)).json();
    const listed = read.lines.find(
      (each: { employee: { id: string } }) => each.employee.id === workers[0]?.id,
    ).days[1].entries[0].photos;
    expect(listed).toEqual([
      { id: first.id, width: 300, height: 200 },
      { id: second.id, width: 300, height: 200 },
    ]);

    // The link the e-mail carries (this week's sheet was approved above: it is sent no more).
    const link = await issueToken(t.db, {
      userId: supervisorFr.id,
      purpose: 'magic_link',
      scope: { kind: 'timesheet', id: sheet.id },
    });
    const magic = { authorization: `Bearer ${(await t.exchangeMagicLink(link)).json().token}` };
    const signedIn = (await t.signIn(supervisorFr)).headers;
    for (const headers of [admin.headers, signedIn, magic]) {
      const full = await call('GET', photoUrl(sheet.id, monday.id, first.id), undefined, headers);
      expect(full.statusCode).toBe(200);
      expect(full.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(full.rawPayload).metadata()).width).toBe(300);
      const thumb = await call('GET', photoUrl(sheet.id, monday.id, second.id, 'thumb'), undefined, headers);
      expect((await sharp(thumb.rawPayload).metadata()).width).toBe(240);
    }
    // The worker's own photo route stays closed to the link: it reaches its timesheet only.
    expect(
      (await call('GET', `/time-entries/${monday.id}/photos/${first.id}`, undefined, magic)).statusCode,
    ).toBe(403);
    // Nor may another client's supervisor, or a worker, read it through the timesheet.
    const stranger = await t.signedIn('supervisor', {
      clientId: (await call('POST', '/clients', { name: 'Autre client' })).json().id,
    });
    for (const headers of [stranger.headers, (await t.signIn(await t.createEmployee())).headers]) {
      expect(
        (await call('GET', photoUrl(sheet.id, monday.id, first.id), undefined, headers)).statusCode,
      ).toBe(403);
    }
  });

  it('shows through a timesheet the photos of its own lines only', async () => {
    const sheet = await newSheet();
    const other = await newSheet(addDays(weekStart, -7));
    // A photo of an entry two weeks ago on the same site: a line of neither timesheet's.
    const [elsewhere] = await t.db
      .insert(timeEntries)
      .values({
        employeeId: workers[1]?.id as string,
        siteId: site.id,
        workDate: addDays(weekStart, -14),
        startMinute: 7 * 60,
        endMinute: 15 * 60,
        breakMinutes: 0,
      })
      .returning();
    const photo = await photographed(elsewhere?.id as string);
    const link = await issueToken(t.db, {
      userId: supervisorFr.id,
      purpose: 'magic_link',
      scope: { kind: 'timesheet', id: sheet.id },
    });
    const magic = { authorization: `Bearer ${(await t.exchangeMagicLink(link)).json().token}` };
    for (const headers of [admin.headers, magic]) {
      const response = await call(
        'GET',
        photoUrl(sheet.id, elsewhere?.id as string, photo.id),
        undefined,
        headers,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    // Another timesheet of the same site is not the one the link opens.
    expect(
      (await call('GET', photoUrl(other.id, elsewhere?.id as string, photo.id), undefined, magic)).statusCode,
    ).toBe(403);
    // A photo id of another entry, under an entry of the week: not found either.
    const monday = sheet.lines[1].days[1].entries[0];
    expect((await call('GET', photoUrl(sheet.id, monday.id, photo.id))).statusCode).toBe(404);
  });
});
