import { PassThrough, Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type Language,
  type PersonalDataFile,
  type PersonKind,
  personalDataFileSchema,
  personalDataFormat,
} from '@brigade/shared';
import { minutesToTime } from '@brigade/shared/shift-times';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import yazl from 'yazl';
import { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import {
  absences,
  applicantSkills,
  applicantStatusChanges,
  applicants,
  assignations,
  clients,
  conversations,
  employeeSkills,
  employees,
  employeeTools,
  messages,
  orders,
  siteSupervisors,
  sites,
  skills,
  timeEntries,
  timeEntryPhotos,
  timesheets,
  tools,
  users,
} from '../../db/schema/index.ts';
import { companyToday } from '../../lib/calendar.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { aliased, jsonRows } from '../../lib/executor.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { recordAudit } from '../audit/index.ts';
import { recordAccess } from '../privacy-log/index.ts';
import { CsvWriter } from '../reports/index.ts';
import { entityOf, findPerson, type PersonHead } from './person.ts';
import { personalDataPolicy } from './policy.ts';
import { summaryPdf } from './summary-pdf.ts';
import { archiveName, personalDataWords } from './texts.ts';

export interface ExportDeps {
  db: Db;
  storage: FileStorage;
}

/** Rows read per query while streaming hours and messages: memory stays flat however many there are. */
export const exportBatchSize = 500;

/** The JSON Schema of personne.json, written beside it as schema.json. */
export function personalDataJsonSchema(): unknown {
  return {
    $id: `https://brigade.app/schemas/${personalDataFormat}.json`,
    title: 'personne.json',
    ...(z.toJSONSchema(personalDataFileSchema, { target: 'draft-2020-12' }) as Record<string, unknown>),
  };
}

type Head = Omit<PersonalDataFile, 'timeEntries' | 'messages'>;

interface FileInZip {
  path: string;
  storageKey: string;
}

/** Everything about the person except the long lists (hours, messages), and the files to add. */
async function readHead(
  db: Executor,
  person: PersonHead,
  now: Date,
): Promise<{ head: Head; files: FileInZip[] }> {
  const { kind, id } = person;
  const files: FileInZip[] = [];
  const base: Head = {
    format: personalDataFormat,
    exportedAt: now.toISOString(),
    kind,
    identity: null as unknown as Head['identity'],
    address: null,
    employment: null,
    application: null,
    supervision: null,
    assignations: [],
    absences: [],
    totals: { entries: 0, minutes: 0, parkingCents: 0, messages: 0 },
  };
  if (kind === 'applicants') {
    const [row] = await db.select().from(applicants).where(eq(applicants.id, id));
    if (!row) throw notFound('Applicant');
    base.identity = {
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone || null,
      language: row.language,
      active: true,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
    const [skillRows, history] = [
      await db
        .select({ nameFr: skills.nameFr, nameEn: skills.nameEn })
        .from(applicantSkills)
        .innerJoin(skills, eq(skills.id, applicantSkills.skillId))
        .where(eq(applicantSkills.applicantId, id))
        .orderBy(asc(skills.nameFr)),
      await db
        .select()
        .from(applicantStatusChanges)
        .where(eq(applicantStatusChanges.applicantId, id))
        .orderBy(asc(applicantStatusChanges.changedAt)),
    ];
    let cv: NonNullable<Head['application']>['cv'] = null;
    if (row.cvKey && row.cvFileName && row.cvContentType) {
      const path = `fichiers/cv/${row.cvFileName}`;
      cv = { fileName: row.cvFileName, contentType: row.cvContentType, size: row.cvSize ?? 0, path };
      files.push({ path, storageKey: row.cvKey });
    }
    base.application = {
      status: row.status,
      source: row.source,
      city: row.city,
      yearsOfExperience: row.yearsOfExperience,
      ccqCardNumber: row.ccqCardNumber,
      ccqCardLevel: row.ccqCardLevel,
      ccqCardExpiresOn: row.ccqCardExpiresOn,
      availableOn: row.availableOn,
      notes: row.notes,
      skills: skillRows,
      cv,
      history: history.map((change) => ({
        fromStatus: change.fromStatus,
        toStatus: change.toStatus,
        note: change.note,
        at: change.changedAt.toISOString(),
      })),
    };
  } else {
    const [user] = await db.select().from(users).where(eq(users.id, id));
    if (!user) throw notFound();
    base.identity = {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
      language: user.language,
      active: user.active,
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
    };
    if (kind === 'employees') {
      const [employee] = await db.select().from(employees).where(eq(employees.userId, id));
      if (!employee) throw notFound('Employee');
      base.address = {
        street: employee.street,
        city: employee.city,
        province: employee.province,
        postalCode: employee.postalCode,
        latitude: employee.latitude,
        longitude: employee.longitude,
      };
      base.employment = {
        employeeNumber: employee.employeeNumber,
        status: employee.status,
        fearOfHeights: employee.fearOfHeights,
        warrantyUntil: employee.warrantyUntil,
        notes: employee.notes,
        skills: await db
          .select({
            nameFr: skills.nameFr,
            nameEn: skills.nameEn,
            obtainedOn: employeeSkills.obtainedOn,
            expiresOn: employeeSkills.expiresOn,
          })
          .from(employeeSkills)
          .innerJoin(skills, eq(skills.id, employeeSkills.skillId))
          .where(eq(employeeSkills.employeeId, id))
          .orderBy(asc(skills.nameFr)),
        tools: await db
          .select({ nameFr: tools.nameFr, nameEn: tools.nameEn })
          .from(employeeTools)
          .innerJoin(tools, eq(tools.id, employeeTools.toolId))
          .where(eq(employeeTools.employeeId, id))
          .orderBy(asc(tools.nameFr)),
      };
      base.assignations = (
        await db
          .select({
            id: assignations.id,
            orderId: assignations.orderId,
            client: clients.name,
            site: sites.name,
            startsOn: orders.startsOn,
            endsOn: orders.endsOn,
            status: assignations.status,
            answeredBy: assignations.answeredBy,
            answeredAt: assignations.answeredAt,
            createdAt: assignations.createdAt,
          })
          .from(assignations)
          .innerJoin(orders, eq(orders.id, assignations.orderId))
          .innerJoin(sites, eq(sites.id, orders.siteId))
          .innerJoin(clients, eq(clients.id, orders.clientId))
          .where(eq(assignations.employeeId, id))
          .orderBy(asc(assignations.createdAt), asc(assignations.id))
      ).map((row) => ({
        ...row,
        answeredAt: row.answeredAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      }));
      base.absences = await db
        .select({
          id: absences.id,
          type: absences.type,
          startsOn: absences.startsOn,
          endsOn: absences.endsOn,
          fromMinute: absences.fromMinute,
          toMinute: absences.toMinute,
          reason: absences.reason,
          client: clients.name,
          site: sites.name,
        })
        .from(absences)
        .leftJoin(clients, eq(clients.id, absences.clientId))
        .leftJoin(sites, eq(sites.id, absences.siteId))
        .where(eq(absences.employeeId, id))
        .orderBy(asc(absences.startsOn), asc(absences.id));
      const [totals] = await db
        .select({
          entries: count(),
          minutes: sql<number>`coalesce(sum(${timeEntries.minutes}), 0)::int`,
          parkingCents: sql<number>`coalesce(sum(${timeEntries.parkingCents}), 0)::int`,
        })
        .from(timeEntries)
        .where(eq(timeEntries.employeeId, id));
      base.totals = { ...base.totals, ...totals };
      const photos = await db
        .select({
          id: timeEntryPhotos.id,
          storageKey: timeEntryPhotos.storageKey,
          workDate: timeEntries.workDate,
        })
        .from(timeEntryPhotos)
        .innerJoin(timeEntries, eq(timeEntries.id, timeEntryPhotos.timeEntryId))
        .where(eq(timeEntries.employeeId, id))
        .orderBy(asc(timeEntries.workDate), asc(timeEntryPhotos.createdAt), asc(timeEntryPhotos.id));
      for (const photo of photos) files.push({ path: receiptPath(photo), storageKey: photo.storageKey });
    } else {
      const client = user.clientId
        ? ((
            await db
              .select({ id: clients.id, name: clients.name })
              .from(clients)
              .where(eq(clients.id, user.clientId))
          )[0] ?? null)
        : null;
      base.supervision = {
        client,
        sites: await db
          .select({ id: sites.id, name: sites.name, startDate: sites.startDate, endDate: sites.endDate })
          .from(siteSupervisors)
          .innerJoin(sites, eq(sites.id, siteSupervisors.siteId))
          .where(eq(siteSupervisors.supervisorId, id))
          .orderBy(asc(sites.name)),
        approvals: (
          await db
            .select({
              timesheetId: timesheets.id,
              site: sites.name,
              weekStart: timesheets.weekStart,
              approvedAt: timesheets.approvedAt,
            })
            .from(timesheets)
            .innerJoin(sites, eq(sites.id, timesheets.siteId))
            .where(eq(timesheets.approvedBy, id))
            .orderBy(asc(timesheets.weekStart))
        ).map((row) => ({ ...row, approvedAt: row.approvedAt?.toISOString() ?? null })),
      };
    }
  }
  const [messageCount] = await db
    .select({ n: count() })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(conversationOwner(kind, id));
  base.totals.messages = messageCount?.n ?? 0;
  return { head: base, files };
}

const receiptPath = (photo: { id: string; workDate: string }) =>
  `fichiers/recus/${photo.workDate}_${photo.id.slice(0, 8)}.jpg`;

const conversationOwner = (kind: PersonKind, id: string): SQL =>
  kind === 'applicants' ? eq(conversations.applicantId, id) : eq(conversations.userId, id);

/** The person's hours, oldest first, `exportBatchSize` rows a query (keyset on day and id). */
async function* entryBatches(db: Executor, id: string) {
  let after: { workDate: string; id: string } | null = null;
  for (;;) {
    const rows = await db
      .select({
        id: timeEntries.id,
        workDate: timeEntries.workDate,
        client: clients.name,
        site: sites.name,
        startMinute: timeEntries.startMinute,
        endMinute: timeEntries.endMinute,
        breakMinutes: timeEntries.breakMinutes,
        minutes: timeEntries.minutes,
        parkingCents: timeEntries.parkingCents,
        comment: timeEntries.comment,
        rejectionReason: timeEntries.rejectionReason,
      })
      .from(timeEntries)
      .innerJoin(sites, eq(sites.id, timeEntries.siteId))
      .innerJoin(clients, eq(clients.id, sites.clientId))
      .where(
        and(
          eq(timeEntries.employeeId, id),
          after
            ? sql`(${timeEntries.workDate}, ${timeEntries.id}) > (${after.workDate}::date, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(timeEntries.workDate), asc(timeEntries.id))
      .limit(exportBatchSize);
    if (rows.length === 0) return;
    const photos = await db
      .select({ id: timeEntryPhotos.id, timeEntryId: timeEntryPhotos.timeEntryId })
      .from(timeEntryPhotos)
      .where(
        inArray(
          timeEntryPhotos.timeEntryId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(timeEntryPhotos.createdAt), asc(timeEntryPhotos.id));
    yield rows.map((row) => ({
      ...row,
      photos: photos
        .filter((photo) => photo.timeEntryId === row.id)
        .map((photo) => receiptPath({ id: photo.id, workDate: row.workDate })),
    }));
    const last = rows[rows.length - 1] as (typeof rows)[number];
    after = { workDate: last.workDate, id: last.id };
  }
}

interface MessageRow {
  id: string;
  /** The instant as the database writes it (microseconds kept): the next batch starts after it. */
  at: string;
  type: string;
  direction: 'out' | 'in';
  status: string;
  phone: string;
  body: string;
}

/**
 * The person's SMS thread by thread, each oldest first, `exportBatchSize` a query: a keyset on the
 * exact instant and id within one thread, which its index (`messages_thread_idx`) reads in order,
 * so each batch costs the same however long the history. Each batch is read as one JSON value
 * (`jsonRows`).
 */
async function* messageBatches(db: Executor, kind: PersonKind, id: string) {
  const threads = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(conversationOwner(kind, id))
    .orderBy(asc(conversations.createdAt), asc(conversations.id));
  for (const thread of threads) {
    let after: { at: string; id: string } | null = null;
    for (;;) {
      const rows: MessageRow[] = await jsonRows<MessageRow>(
        db,
        sql`select ${aliased({
          id: messages.id,
          at: messages.createdAt,
          type: messages.type,
          direction: messages.direction,
          status: messages.status,
          phone: messages.phone,
          body: messages.body,
          // The batch's order, as one sortable text (the instant to the microsecond, then the id).
          _rank: sql`to_char(${messages.createdAt} at time zone 'UTC', 'YYYYMMDDHH24MISSUS') || ${messages.id}::text`,
        })}
        from ${messages}
        where ${messages.conversationId} = ${thread.id}
          ${after ? sql`and (${messages.createdAt}, ${messages.id}) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
        order by ${messages.createdAt}, ${messages.id}
        limit ${exportBatchSize}`,
        { ordered: true },
      );
      if (rows.length === 0) break;
      yield rows;
      const last = rows[rows.length - 1] as MessageRow;
      after = { at: last.at, id: last.id };
    }
  }
}

/** Waits for the reader when it is slower: one batch at a time is all that is in memory. */
async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text))
    await new Promise<void>((resolve, reject) => {
      const done = () => {
        out.off('error', failed);
        resolve();
      };
      const failed = (error: Error) => {
        out.off('drain', done);
        reject(error);
      };
      out.once('drain', done);
      out.once('error', failed);
    });
}

/** personne.json: the head, then the hours and messages written batch by batch. */
async function writePersonJson(db: Executor, person: PersonHead, head: Head, out: Writable): Promise<void> {
  const opening = JSON.stringify(head, null, 2).replace(/\n}$/, '');
  await write(out, `${opening},\n  "timeEntries": [`);
  let first = true;
  if (person.kind === 'employees') {
    for await (const batch of entryBatches(db, person.id)) {
      for (const row of batch) {
        await write(out, `${first ? '\n' : ',\n'}    ${JSON.stringify(row)}`);
        first = false;
      }
    }
  }
  await write(out, `${first ? '' : '\n  '}],\n  "messages": [`);
  first = true;
  for await (const batch of messageBatches(db, person.kind, person.id)) {
    for (const row of batch) {
      const item = {
        id: row.id,
        at: new Date(row.at).toISOString(),
        type: row.type,
        direction: row.direction,
        status: row.status,
        phone: row.phone,
        characters: [...row.body].length,
      };
      await write(out, `${first ? '\n' : ',\n'}    ${JSON.stringify(item)}`);
      first = false;
    }
  }
  await write(out, `${first ? '' : '\n  '}]\n}\n`);
  out.end();
}

/** A CSV writer in the person's language: French `;` and a decimal comma, English `,`; UTF-8 with a BOM either way. */
async function csvFor(out: Writable, language: Language): Promise<CsvWriter> {
  if (language === 'en') await write(out, '\uFEFF');
  return new CsvWriter(out, language === 'fr' ? 'semicolon' : 'comma');
}

async function writeHoursCsv(db: Executor, person: PersonHead, out: Writable): Promise<void> {
  const w = personalDataWords(person.language);
  const csv = await csvFor(out, person.language);
  await csv.line(w.hoursCsv);
  if (person.kind === 'employees') {
    for await (const batch of entryBatches(db, person.id)) {
      for (const row of batch) {
        await csv.line([
          row.workDate,
          row.client,
          row.site,
          minutesToTime(row.startMinute),
          minutesToTime(row.endMinute),
          row.breakMinutes,
          csv.hours(row.minutes),
          csv.money(row.parkingCents),
          row.comment,
          row.rejectionReason,
        ]);
      }
    }
  }
  csv.end();
}

async function writeMessagesCsv(db: Executor, person: PersonHead, out: Writable): Promise<void> {
  const w = personalDataWords(person.language);
  const csv = await csvFor(out, person.language);
  await csv.line(w.messagesCsv);
  for await (const batch of messageBatches(db, person.kind, person.id)) {
    for (const row of batch) {
      await csv.line([
        new Date(row.at).toISOString(),
        row.type,
        w.directions[row.direction] ?? row.direction,
        row.status,
        row.phone,
        row.body,
      ]);
    }
  }
  csv.end();
}

/** An entry whose content a function writes when the archive reaches it (never before). */
function addWritten(
  zip: yazl.ZipFile,
  name: string,
  mtime: Date,
  produce: (out: PassThrough) => Promise<void>,
): void {
  zip.addReadStreamLazy(name, { mtime }, (callback) => {
    const out = new PassThrough();
    callback(null, out);
    produce(out).catch((error: unknown) =>
      out.destroy(error instanceof Error ? error : new Error(String(error))),
    );
  });
}

export interface PreparedExport {
  fileName: string;
  /** Writes the ZIP to `out` as it is read; rejects when a part fails (the download is cut short). */
  write(out: Writable, signal: AbortSignal): Promise<void>;
}

/**
 * Checks and logs an export, then gives what writes it: 404 for nobody of that kind, 409
 * PERSON_ANONYMIZED once they were anonymised; the audit row (who, when, whom) is written before
 * any byte leaves.
 */
export async function prepareExport(
  deps: ExportDeps,
  actor: Actor,
  kind: PersonKind,
  id: string,
  now = new Date(),
): Promise<PreparedExport> {
  authorize(actor, personalDataPolicy.export);
  const person = await findPerson(deps.db, kind, id);
  if (person.anonymizedAt) {
    throw new AppError(
      'PERSON_ANONYMIZED',
      'This person was anonymised: nothing of theirs is left to export',
      {
        anonymizedAt: person.anonymizedAt.toISOString(),
      },
    );
  }
  await recordAudit(deps.db, {
    actorId: actor.userId,
    action: `${entityOf[kind]}.personal_data_export`,
    entity: entityOf[kind],
    entityId: id,
    after: { exportedAt: now.toISOString() },
  });
  // On the person's page too, among who opened their records (issue 30, point 7).
  await recordAccess(deps.db, actor, { kind: entityOf[kind], id }, 'export');
  return {
    fileName: archiveName(id, companyToday(now), person.language),
    write: (out, signal) => writeArchive(deps, person, now, out, signal),
  };
}

async function writeArchive(
  deps: ExportDeps,
  person: PersonHead,
  now: Date,
  out: Writable,
  signal: AbortSignal,
): Promise<void> {
  const { db, storage } = deps;
  const { head, files } = await readHead(db, person, now);
  const zip = new yazl.ZipFile();
  const done = pipeline(zip.outputStream as Readable, out, { signal });
  const mtime = now;
  addWritten(zip, 'personne.json', mtime, (stream) => writePersonJson(db, person, head, stream));
  zip.addBuffer(
    Buffer.from(`${JSON.stringify(personalDataJsonSchema(), null, 2)}\n`, 'utf8'),
    'schema.json',
    {
      mtime,
    },
  );
  addWritten(zip, 'heures.csv', mtime, (stream) => writeHoursCsv(db, person, stream));
  addWritten(zip, 'messages.csv', mtime, (stream) => writeMessagesCsv(db, person, stream));
  zip.addBuffer(await summaryPdf(person, head, files.length), 'resume.pdf', { mtime, compress: false });
  for (const file of files) {
    zip.addReadStreamLazy(file.path, { compress: false, mtime }, (callback) => {
      if (signal.aborted) return callback(signal.reason, Readable.from([]));
      storage.get(file.storageKey).then(
        // A file gone from the storage leaves an empty one rather than a broken archive.
        (content) => callback(null, Readable.from(content ? [content] : [])),
        (error) => callback(error, Readable.from([])),
      );
    });
  }
  zip.end();
  await done;
}
