import { randomUUID } from 'node:crypto';
import { type Endpoint, endpoints } from '@brigade/shared/contract';
import { splitEndpointKey } from '@brigade/shared/endpoint';
import { payWeekStart } from '@brigade/shared/pay-week';
import { type SQL, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildTestApp, uniqueTestPhone } from '../test/app.ts';
import { addDays, companyToday } from './lib/calendar.ts';
import { jsonRows } from './lib/executor.ts';
import { receiveInboundSms } from './modules/messages/index.ts';
import { createJwt, createSession, revokeSession } from './modules/sessions/index.ts';

/**
 * The permission matrix: every route of the API × every kind of caller, with the answer each one
 * gets, declared in one table (`matrix` below). It is built from the routes the app documents
 * (OpenAPI): a route with no line here fails, so every new route is covered the day it is added.
 *
 * Callers:
 * - anonymous (no token), a token with a bad signature, an expired one, a revoked one;
 * - an employee reading their own records, or another employee's;
 * - a supervisor on their own client's records, or on another client's;
 * - an admin; a supervisor's magic-link session (scoped to one timesheet).
 *
 * For each route the table gives a request that is valid for an allowed caller (`request`), and
 * the statuses of the callers it allows (`allow`); every caller it does not name is refused: 401
 * without a valid session, 403 with one. A refused caller is also sent a request that is invalid
 * in every part: it must still get its 401/403, never a 400 that describes the fields. A write
 * refused to a caller leaves every table as it was: no row, no audit row, no outbox message.
 */

const t = await buildTestApp();
const { app } = t;
const jwt = createJwt(t.jwtSecret);
const forgedJwt = createJwt('another-secret-another-secret-another-secret');

const callers = [
  'anonymous',
  'badSignature',
  'expired',
  'revoked',
  'employeeSelf',
  'employeeOther',
  'supervisorOwn',
  'supervisorOther',
  'magicLink',
  'admin',
] as const;
type Caller = (typeof callers)[number];
const withoutSession: readonly Caller[] = ['anonymous', 'badSignature', 'expired', 'revoked'];

/** The records a request names: the caller's own (client 1, site 1, employee 1…) or others'. */
interface Subject {
  employeeId: string;
  supervisorId: string;
  clientId: string;
  siteId: string;
  skillId: string;
  toolId: string;
}

interface World {
  own: Subject;
  other: Subject;
  /** Bearer header of each caller (none for anonymous). */
  headers: Record<Caller, Record<string, string>>;
  admin: Record<string, string>;
}

interface Request {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A raw body's type (an uploaded file); JSON otherwise. */
  contentType?: string;
}

interface Case {
  /** A valid request; the records it names are `subject`'s. */
  request: (world: World, subject: Subject) => Request | Promise<Request>;
  /** The callers allowed, and what they get. */
  allow?: Partial<Record<Caller, number>>;
  /** A public route: every caller gets this, whatever token it sends. */
  public?: number;
}

let counter = 0;
/** The holidays' overrides each take a year of their own (from 2040: the API's days end in 2999). */
let holidayYear = 0;
/** Last pay week's Sunday: the week the matrix's hours are logged in. */
const entryWeekStart = addDays(payWeekStart(companyToday()), -7);
const unique = (name: string) => `${name} ${++counter} ${randomUUID().slice(0, 6)}`;

async function adminCall(method: string, url: string, payload?: unknown) {
  const response = await app.inject({
    method: method as 'GET',
    url: `/api${url}`,
    headers: world.admin,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Two clients, each with a supervisor and a site; two employees; a skill and a tool. */
async function buildSubject(index: number): Promise<Subject> {
  const client = await adminCall('POST', '/clients', { name: unique(`Client ${index}`) });
  const supervisor = await t.createUser({ role: 'supervisor', clientId: client.id, passwordHash: null });
  const site = await adminCall('POST', `/clients/${client.id}/sites`, {
    name: unique('Chantier'),
    supervisorIds: [supervisor.id],
  });
  const employee = await t.createEmployee({
    passwordHash: null,
    phone: `+1514555${String(1000 + counter).slice(-4)}`,
  });
  const skill = await adminCall('POST', '/skills', { nameFr: unique('Compétence'), nameEn: unique('Skill') });
  const tool = await adminCall('POST', '/tools', { nameFr: unique('Outil'), nameEn: unique('Tool') });
  // The employee is confirmed on the site over the weeks their hours are logged (a supervisor logs
  // hours only for the workers confirmed on their sites).
  await t.confirmOn({
    clientId: client.id,
    siteId: site.id,
    employeeId: employee.id,
    startsOn: entryWeekStart,
    endsOn: addDays(entryWeekStart, 13),
  });
  return {
    employeeId: employee.id,
    supervisorId: supervisor.id,
    clientId: client.id,
    siteId: site.id,
    skillId: skill.id,
    toolId: tool.id,
  };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const sessionOf = async (userId: string, scope: { kind: string; id: string } | null = null) =>
  (await createSession(t.db, jwt, { userId, scope, hours: 1 })).token;

const world = { admin: {} } as World;

async function buildWorld(): Promise<void> {
  const admin = await t.createUser({ role: 'admin', passwordHash: null });
  world.admin = bearer(await sessionOf(admin.id));
  world.own = await buildSubject(1);
  world.other = await buildSubject(2);

  // A live session of the admin, whose token is forged (another key) or past its expiry.
  const sid = await sessionIdOf(await sessionOf(admin.id));
  const revoked = await createSession(t.db, jwt, { userId: admin.id, hours: 1 });
  await revokeSession(t.db, await sessionIdOf(revoked.token));
  world.headers = {
    anonymous: {},
    badSignature: bearer(await forgedJwt.sign({ sub: admin.id, sid }, new Date(Date.now() + 3600_000))),
    expired: bearer(await jwt.sign({ sub: admin.id, sid }, new Date(Date.now() - 60_000))),
    revoked: bearer(revoked.token),
    employeeSelf: bearer(await sessionOf(world.own.employeeId)),
    employeeOther: bearer(await sessionOf(world.own.employeeId)),
    supervisorOwn: bearer(await sessionOf(world.own.supervisorId)),
    supervisorOther: bearer(await sessionOf(world.own.supervisorId)),
    magicLink: bearer(await sessionOf(world.own.supervisorId, { kind: 'timesheet', id: randomUUID() })),
    admin: world.admin,
  };
}

async function sessionIdOf(token: string): Promise<string> {
  const claims = await jwt.verify(token);
  if (!claims) throw new Error('unverifiable test token');
  return claims.sid;
}

/** The subject a caller's request names: others' records for the "other" callers. */
const subjectOf = (caller: Caller): Subject =>
  caller === 'employeeOther' || caller === 'supervisorOther' ? world.other : world.own;

// ── Request bodies: the whole record, as PUT wants it ───────────────────────────────────────────

async function clientBody(id: string) {
  const {
    id: _id,
    sites,
    supervisors,
    deletable,
    createdAt,
    updatedAt,
    ...fields
  } = await adminCall('GET', `/clients/${id}`);
  return fields;
}
async function siteBody(id: string) {
  const {
    id: _id,
    clientId,
    clientName,
    status,
    supervisors,
    deletable,
    ...fields
  } = await adminCall('GET', `/sites/${id}`);
  return { ...fields, supervisorIds: supervisors.map((s: { id: string }) => s.id) };
}
async function supervisorBody(id: string) {
  const s = await adminCall('GET', `/supervisors/${id}`);
  const { firstName, lastName, email, phone, language, clientId, active } = s;
  return { firstName, lastName, email, phone, language, clientId, active };
}
async function employeeBody(id: string) {
  const e = await adminCall('GET', `/employees/${id}`);
  return {
    employeeNumber: e.employeeNumber,
    firstName: e.firstName,
    lastName: e.lastName,
    email: e.email,
    phone: e.phone,
    language: e.language,
    street: e.street,
    city: e.city,
    province: e.province,
    postalCode: e.postalCode,
    status: e.status,
    fearOfHeights: e.fearOfHeights,
    warrantyUntil: e.warrantyUntil,
    notes: e.notes,
    skills: [],
    toolIds: [],
    active: e.active,
  };
}
const skillBody = () => ({
  nameFr: unique('Compétence'),
  nameEn: unique('Skill'),
  expirable: false,
  important: false,
  active: true,
});
const toolBody = () => ({ nameFr: unique('Outil'), nameEn: unique('Tool'), description: null, active: true });
const newEmployee = () => ({
  employeeNumber: `E-${randomUUID().slice(0, 8)}`,
  firstName: 'Jérôme',
  lastName: unique('Lévesque'),
  invitationChannel: 'none',
});
const id = (value: string) => ({ params: { id: value } });
const composeTo = (s: Subject) => ({
  type: 'General',
  recipients: { userIds: [s.employeeId] },
  texts: { fr: 'Bonjour', en: 'Hello' },
});
/** A pending message to the subject's employee (a new one each time: a DELETE consumes it). */
async function pendingMessage(s: Subject): Promise<string> {
  const outcome = await adminCall('POST', '/messages', composeTo(s));
  return outcome.created[0].id;
}
/**
 * A reply of the subject's employee left for the office (a new one each time: a dismissal handles
 * it): an Assignation text sent to them, and their answer nobody can read, through the inbound path.
 */
async function replyToHandle(s: Subject): Promise<string> {
  const sent = await adminCall('POST', '/send/sms', {
    messages: { ...composeTo(s), type: 'Assignation' },
  });
  const outcome = await receiveInboundSms(t.app.deps, { from: sent.created[0].phone, body: 'Où ça?' });
  if (!('messageId' in outcome)) throw new Error('reply refused');
  return outcome.messageId;
}
async function conversationOf(s: Subject): Promise<string> {
  const outcome = await adminCall('POST', '/messages', composeTo(s));
  return outcome.created[0].conversationId;
}

/** A blacklist of the subject's employee at its client (days away could overlap; blacklists never do). */
const blacklistBody = (s: Subject) => ({
  employeeId: s.employeeId,
  type: 'blacklist',
  startsOn: '2026-01-05',
  clientId: s.clientId,
  siteId: s.siteId,
});
async function blacklistOf(s: Subject): Promise<string> {
  return (await adminCall('POST', '/absences', blacklistBody(s))).id;
}
const aMonth = { from: '2026-03-01', to: '2026-03-31' };
const applicantBody = () => ({
  firstName: 'Samuel',
  lastName: unique('Paquette'),
  phone: uniqueTestPhone(),
  language: 'fr',
  source: 'referral',
  skillIds: [],
});
async function applicantOf(): Promise<string> {
  return (await adminCall('POST', '/applicants', applicantBody())).id;
}
/** The smallest PDF header a CV check accepts. */
const tinyPdf = Buffer.from('%PDF-1.4\n%%EOF\n');
/** An applicant with a CV (uploaded as the web does: the raw file). */
async function applicantWithCv(): Promise<string> {
  const applicantId = await applicantOf();
  const response = await app.inject({
    method: 'PUT',
    url: `/api/applicants/${applicantId}/cv`,
    headers: { ...world.admin, 'content-type': 'application/pdf' },
    payload: tinyPdf,
  });
  if (response.statusCode !== 200) throw new Error(`CV upload: ${response.statusCode} ${response.body}`);
  return applicantId;
}

/** An order for the subject's site, next month, asking for its skill and tool. */
const orderBody = (s: Subject) => {
  const start = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  return {
    clientId: s.clientId,
    siteId: s.siteId,
    supervisorId: s.supervisorId,
    skills: [{ skillId: s.skillId, mandatory: true }],
    toolIds: [s.toolId],
    workersNeeded: 3,
    startsOn: start,
    endsOn: start,
    dailyStart: '07:00',
    dailyEnd: '15:30',
  };
};
async function orderOf(s: Subject): Promise<string> {
  return (await adminCall('POST', '/orders', orderBody(s))).id;
}
async function commentOf(): Promise<string> {
  return (await adminCall('POST', '/overview/comments', { title: 'Livraison', day: '2030-01-07' })).id;
}
/** The subject's employee asked for a new order (a hard rule overridden: they may lack its skill). */
async function assignationOf(s: Subject): Promise<string> {
  const orderId = await orderOf(s);
  const outcome = await adminCall('POST', `/orders/${orderId}/assignations`, assignBody(s));
  return outcome.created[0].id;
}
const assignBody = (s: Subject) => ({ employeeIds: [s.employeeId], overrideReason: 'Demandé par le client' });
/** An offer sent to the subject's employee (its SMS queued), waiting for their answer. */
async function sentOfferOf(s: Subject): Promise<string> {
  const orderId = await orderOf(s);
  const [ask] = (await adminCall('POST', `/orders/${orderId}/assignations`, assignBody(s))).created;
  await adminCall('POST', '/send/sms?pending=true', { messages: [ask.message.id] });
  return ask.id;
}

/**
 * Hours of the subject's employee on the subject's site, in a slot of their own (distinct for each
 * request: two entries of one worker at the same time are refused): 45 minutes of a day of last pay
 * week, the one a worker may still log (issue 27).
 */
let entrySlot = 0;
const entryBody = (s: Subject) => {
  entrySlot += 1;
  // From 04:00: never in the hour the clocks skip on a March Sunday.
  const hour = 4 + (Math.floor(entrySlot / 7) % 19);
  return {
    employeeId: s.employeeId,
    siteId: s.siteId,
    workDate: addDays(entryWeekStart, entrySlot % 7),
    startTime: `${String(hour).padStart(2, '0')}:00`,
    endTime: `${String(hour).padStart(2, '0')}:45`,
    breakMinutes: 0,
    parking: 12.5,
  };
};
async function entryOf(s: Subject): Promise<string> {
  return (await adminCall('POST', '/time-entries', entryBody(s))).id;
}
/** A worker's week: the subject's supervisor may open it once the worker logged hours on the site. */
async function workerWeek(s: Subject) {
  await entryOf(s);
  return { query: { employeeId: s.employeeId, week: '2025-03-05' } };
}

/** A small JPEG, as a phone's camera would send it. */
const receipt = await sharp({
  create: { width: 64, height: 48, channels: 3, background: { r: 240, g: 240, b: 230 } },
})
  .jpeg()
  .toBuffer();
/** A receipt's photo on an entry of the subject's worker. */
async function photoOf(s: Subject) {
  const entryId = await entryOf(s);
  const response = await app.inject({
    method: 'POST',
    url: `/api/time-entries/${entryId}/photos`,
    headers: { ...world.admin, 'content-type': 'image/jpeg' },
    payload: receipt,
  });
  if (response.statusCode !== 201) throw new Error(`photo: ${response.statusCode} ${response.body}`);
  const photo = response.json().photos[0];
  return { params: { id: entryId, photoId: photo.id } };
}

/**
 * A timesheet of the subject's site, of a week of its own (each request its own, so that one
 * caller's approval does not answer the next one's). The magic-link caller's session is made for
 * this very timesheet, as the e-mail's link would be.
 */
let sheetWeek = 0;
async function sheetOf(world: World, s: Subject, week?: string, sent = false): Promise<string> {
  sheetWeek += 1;
  const day = week ?? new Date(Date.UTC(2024, 0, 7) + sheetWeek * 7 * 86_400_000).toISOString().slice(0, 10);
  const sheet = await adminCall('POST', '/timesheets', { siteId: s.siteId, week: day });
  // A supervisor decides on a sent week only (issue 26, point 6).
  if (sent) await adminCall('POST', `/timesheets/${sheet.id}/send`, {});
  world.headers.magicLink = bearer(
    await sessionOf(world.own.supervisorId, { kind: 'timesheet', id: sheet.id }),
  );
  return sheet.id;
}
/** A rejectable line: an entry of the subject's worker, and the timesheet of its site and week. */
async function sheetLineOf(world: World, s: Subject) {
  const entryId = await entryOf(s);
  const entry = await adminCall('GET', `/time-entries/${entryId}`);
  return {
    params: { id: await sheetOf(world, s, entry.workDate, true), entryId },
    body: { reason: 'Pas vu sur le chantier' },
  };
}
const sheetReaders = { admin: 200, supervisorOwn: 200, magicLink: 200 };
/** A receipt's photo on a line of a timesheet: an entry of the subject's worker, and its site's week. */
async function sheetPhotoOf(world: World, s: Subject) {
  const { params } = await photoOf(s);
  const entry = await adminCall('GET', `/time-entries/${params.id}`);
  return {
    params: { id: await sheetOf(world, s, entry.workDate), entryId: params.id, photoId: params.photoId },
  };
}

// ── The matrix ──────────────────────────────────────────────────────────────────────────────────

const everyone = (status: number) =>
  Object.fromEntries(callers.filter((c) => !withoutSession.includes(c)).map((c) => [c, status])) as Partial<
    Record<Caller, number>
  >;
const adminOnly = (status = 200) => ({ admin: status });

const matrix: Record<Endpoint, Case> = {
  'GET /health': { request: () => ({}), public: 200 },
  'GET /ready': { request: () => ({}), public: 200 },

  'POST /login': {
    request: () => ({ body: { email: 'nobody@example.test', password: 'wrong password' } }),
    public: 401,
  },
  'GET /logout': { request: () => ({}), allow: everyone(204) },
  // Field sign-ins only: an admin's is never renewed, nor a magic link's.
  'POST /session/refresh': {
    request: () => ({}),
    allow: { employeeSelf: 200, employeeOther: 200, supervisorOwn: 200, supervisorOther: 200 },
  },
  'POST /forgot-password': {
    request: () => ({ body: { email: 'nobody@example.test' } }),
    public: 202,
  },
  // The bearer of this route is a reset link's token: no session token is one.
  'PUT /forgot-password': { request: () => ({ body: { password: 'a new password' } }), public: 401 },
  // No token, or one that is not a reset link's: answered, never refused.
  'GET /forgot-password/status': { request: () => ({}), public: 200 },
  'POST /login-magic-link': { request: () => ({ body: { token: 'x'.repeat(43) } }), public: 401 },
  'GET /users/me': { request: () => ({}), allow: everyone(200) },
  'PUT /users/me': { request: () => ({ body: { language: 'en' } }), allow: everyone(200) },
  // A full sign-in types the code back (409: none waits here); a magic link changes no phone.
  'POST /users/me/phone-confirmation': {
    request: () => ({ body: { code: '123456' } }),
    allow: { employeeSelf: 409, employeeOther: 409, supervisorOwn: 409, supervisorOther: 409, admin: 409 },
  },

  'GET /audit-log': { request: () => ({ query: { limit: '5' } }), allow: adminOnly() },
  // A person's privacy record (Law 25): the office's only, not even the person's own.
  'GET /employees/:id/privacy': { request: (_, s) => id(s.employeeId), allow: adminOnly() },
  'GET /applicants/:id/privacy': { request: async () => id(await applicantOf()), allow: adminOnly() },
  'GET /supervisors/:id/privacy': { request: (_, s) => id(s.supervisorId), allow: adminOnly() },

  'GET /clients': { request: () => ({ query: { q: 'client' } }), allow: adminOnly() },
  'POST /clients': { request: () => ({ body: { name: unique('Nouveau client') } }), allow: adminOnly(201) },
  'GET /clients/:id': { request: (_, s) => id(s.clientId), allow: adminOnly() },
  'PUT /clients/:id': {
    request: async (_, s) => ({ ...id(s.clientId), body: await clientBody(s.clientId) }),
    allow: adminOnly(),
  },
  'DELETE /clients/:id': { request: (_, s) => id(s.clientId), allow: adminOnly() },
  'POST /clients/:id/sites': {
    request: (_, s) => ({
      ...id(s.clientId),
      body: { name: unique('Chantier'), supervisorIds: [s.supervisorId] },
    }),
    allow: adminOnly(201),
  },

  'GET /sites': {
    request: () => ({}),
    allow: { admin: 200, supervisorOwn: 200, supervisorOther: 200 },
  },
  'GET /sites/:id': { request: (_, s) => id(s.siteId), allow: { admin: 200, supervisorOwn: 200 } },
  'PUT /sites/:id': {
    request: async (_, s) => ({ ...id(s.siteId), body: await siteBody(s.siteId) }),
    allow: adminOnly(),
  },
  'DELETE /sites/:id': { request: (_, s) => id(s.siteId), allow: adminOnly() },

  'GET /supervisors': { request: () => ({}), allow: adminOnly() },
  'POST /supervisors': {
    request: (_, s) => ({
      body: {
        firstName: 'Étienne',
        lastName: unique('Côté'),
        email: `${randomUUID()}@example.test`,
        clientId: s.clientId,
        invitationChannel: 'none',
      },
    }),
    allow: adminOnly(201),
  },
  'GET /supervisors/:id': {
    request: (_, s) => id(s.supervisorId),
    allow: { admin: 200, supervisorOwn: 200 },
  },
  'PUT /supervisors/:id': {
    request: async (_, s) => ({ ...id(s.supervisorId), body: await supervisorBody(s.supervisorId) }),
    allow: adminOnly(),
  },
  // A supervisor who is the only one of an active site cannot leave it: 409 (after the policy).
  'DELETE /supervisors/:id': { request: (_, s) => id(s.supervisorId), allow: adminOnly(409) },
  'POST /supervisors/:id/invitation': {
    request: (_, s) => ({ ...id(s.supervisorId), body: { channel: 'email' } }),
    allow: adminOnly(),
  },

  'GET /employees': { request: () => ({ query: { sort: 'lastName' } }), allow: adminOnly() },
  'GET /employees/next-number': { request: () => ({}), allow: adminOnly() },
  'POST /employees': { request: () => ({ body: newEmployee() }), allow: adminOnly(201) },
  'GET /employees/:id': {
    request: (_, s) => id(s.employeeId),
    allow: { admin: 200, employeeSelf: 200 },
  },
  'PUT /employees/:id': {
    request: async (_, s) => ({ ...id(s.employeeId), body: await employeeBody(s.employeeId) }),
    allow: adminOnly(),
  },
  'DELETE /employees/:id': { request: (_, s) => id(s.employeeId), allow: adminOnly() },
  'POST /employees/:id/invitation': {
    request: (_, s) => ({ ...id(s.employeeId), body: { channel: 'email' } }),
    allow: adminOnly(),
  },

  'GET /skills': { request: () => ({}), allow: adminOnly() },
  'GET /skills/options': { request: () => ({}), allow: adminOnly() },
  'POST /skills': { request: () => ({ body: skillBody() }), allow: adminOnly(201) },
  'GET /skills/:id': { request: (_, s) => id(s.skillId), allow: adminOnly() },
  'PUT /skills/:id': { request: (_, s) => ({ ...id(s.skillId), body: skillBody() }), allow: adminOnly() },
  'DELETE /skills/:id': { request: (_, s) => id(s.skillId), allow: adminOnly() },

  'GET /tools': { request: () => ({}), allow: adminOnly() },
  'GET /tools/options': { request: () => ({}), allow: adminOnly() },
  'POST /tools': { request: () => ({ body: toolBody() }), allow: adminOnly(201) },
  'GET /tools/:id': { request: (_, s) => id(s.toolId), allow: adminOnly() },
  'PUT /tools/:id': { request: (_, s) => ({ ...id(s.toolId), body: toolBody() }), allow: adminOnly() },
  'DELETE /tools/:id': { request: (_, s) => id(s.toolId), allow: adminOnly() },

  'GET /messages': { request: () => ({ query: { type: 'General', pending: 'true' } }), allow: adminOnly() },
  'GET /messages/unseen': { request: () => ({}), allow: adminOnly() },
  'GET /messages/:id': { request: async (_, s) => id(await pendingMessage(s)), allow: adminOnly() },
  'POST /messages': { request: (_, s) => ({ body: composeTo(s) }), allow: adminOnly(201) },
  'PUT /messages/:id': {
    request: async (_, s) => ({ ...id(await pendingMessage(s)), body: { body: 'Nouveau texte' } }),
    allow: adminOnly(),
  },
  'DELETE /messages': {
    request: async (_, s) => ({ body: { ids: [await pendingMessage(s)] } }),
    allow: adminOnly(204),
  },
  'POST /messages/:id/dismiss': {
    request: async (_, s) => id(await replyToHandle(s)),
    allow: adminOnly(),
  },
  'GET /conversations': { request: () => ({ query: { type: 'General' } }), allow: adminOnly() },
  'GET /conversations/:id': { request: async (_, s) => id(await conversationOf(s)), allow: adminOnly() },
  'PUT /conversations/:id': { request: async (_, s) => id(await conversationOf(s)), allow: adminOnly() },
  'POST /send/sms': { request: (_, s) => ({ body: { messages: composeTo(s) } }), allow: adminOnly() },
  // Twilio's signature is their credential: without it (no caller here can sign), 403.
  'POST /webhooks/twilio/sms': {
    request: () => ({ body: { From: '+15145550199', Body: 'Bonjour', MessageSid: 'SM1' } }),
    public: 403,
  },
  'POST /webhooks/twilio/status': {
    request: () => ({ body: { MessageSid: 'SM1', MessageStatus: 'delivered' } }),
    public: 403,
  },

  'GET /absences': { request: () => ({ query: { type: 'away' } }), allow: adminOnly() },
  'GET /absences/summary': { request: () => ({}), allow: adminOnly() },
  'GET /absences/calendar': { request: () => ({ query: { month: '2026-03' } }), allow: adminOnly() },
  'POST /absences': { request: (_, s) => ({ body: blacklistBody(s) }), allow: adminOnly(201) },
  'GET /absences/:id': { request: async (_, s) => id(await blacklistOf(s)), allow: adminOnly() },
  'PUT /absences/:id': {
    request: async (_, s) => ({ ...id(await blacklistOf(s)), body: blacklistBody(s) }),
    allow: adminOnly(),
  },
  'DELETE /absences/:id': { request: async (_, s) => id(await blacklistOf(s)), allow: adminOnly() },
  // An employee reads their own absences and availability (not another's); supervisors none.
  'GET /employees/:id/absences': {
    request: (_, s) => id(s.employeeId),
    allow: { admin: 200, employeeSelf: 200 },
  },
  'GET /employees/:id/availability': {
    request: (_, s) => ({ ...id(s.employeeId), query: aMonth }),
    allow: { admin: 200, employeeSelf: 200 },
  },
  'GET /availability': { request: () => ({ query: aMonth }), allow: adminOnly() },
  // Everyone signed in reads the holidays (no hours on a holiday); only admins change them.
  'GET /holidays': { request: () => ({ query: { year: '2026' } }), allow: everyone(200) },
  'POST /holidays/overrides': {
    request: () => ({
      body: {
        kind: 'add',
        calendar: 'construction',
        date: `${2040 + holidayYear++}-12-10`,
        nameFr: 'Congé',
        nameEn: 'Day off',
      },
    }),
    allow: adminOnly(201),
  },
  'GET /applicants': { request: () => ({ query: { status: 'new' } }), allow: adminOnly() },
  'POST /applicants': { request: () => ({ body: applicantBody() }), allow: adminOnly(201) },
  'GET /applicants/:id': { request: async () => id(await applicantOf()), allow: adminOnly() },
  'PUT /applicants/:id': {
    request: async () => ({ ...id(await applicantOf()), body: applicantBody() }),
    allow: adminOnly(),
  },
  'DELETE /applicants/:id': { request: async () => id(await applicantOf()), allow: adminOnly() },
  'POST /applicants/:id/status': {
    request: async () => ({ ...id(await applicantOf()), body: { status: 'contacted', note: 'Appel' } }),
    allow: adminOnly(),
  },
  'POST /applicants/:id/hire': {
    request: async () => ({
      ...id(await applicantOf()),
      body: { employeeNumber: `E-${randomUUID().slice(0, 8)}`, invitationChannel: 'none' },
    }),
    allow: adminOnly(201),
  },
  'PUT /applicants/:id/cv': {
    request: async () => ({ ...id(await applicantOf()), body: tinyPdf }),
    allow: adminOnly(),
  },
  'GET /applicants/:id/cv': { request: async () => id(await applicantWithCv()), allow: adminOnly() },
  'POST /applicants/:id/conversation': { request: async () => id(await applicantOf()), allow: adminOnly() },
  'DELETE /applicants/:id/cv': { request: async () => id(await applicantWithCv()), allow: adminOnly() },
  // A person's file (Law 25): the office's admins alone export it or anonymise someone (a fresh
  // person each time: an anonymised one is exported no more, anonymised no twice).
  'GET /employees/:id/personal-data': { request: (_, s) => id(s.employeeId), allow: adminOnly() },
  'GET /applicants/:id/personal-data': { request: async () => id(await applicantOf()), allow: adminOnly() },
  'GET /supervisors/:id/personal-data': { request: (_, s) => id(s.supervisorId), allow: adminOnly() },
  'POST /employees/:id/anonymize': {
    request: async () => id((await t.createEmployee({ passwordHash: null })).id),
    allow: adminOnly(),
  },
  'POST /applicants/:id/anonymize': { request: async () => id(await applicantOf()), allow: adminOnly() },
  'POST /supervisors/:id/anonymize': {
    request: async (_, s) => id((await t.createUser({ role: 'supervisor', clientId: s.clientId })).id),
    allow: adminOnly(),
  },
  'GET /alerts': { request: () => ({ query: { days: '7' } }), allow: adminOnly() },
  'GET /alerts/notifications': { request: () => ({ query: { days: '7' } }), allow: adminOnly() },
  'GET /dashboards/clients': { request: () => ({ query: { week: '2026-11-23' } }), allow: adminOnly() },
  'GET /dashboards/map': { request: () => ({}), allow: adminOnly() },
  'GET /dashboards/map/:id': { request: (_, s) => id(s.siteId), allow: adminOnly() },
  // Hours: an employee their own, a supervisor on their sites (and the weeks of their workers), an
  // admin anyone's; a magic link (a timesheet's approval) logs nothing.
  'GET /time-entries/week': {
    request: (_, s) => workerWeek(s),
    allow: { admin: 200, employeeSelf: 200, supervisorOwn: 200 },
  },
  'GET /time-entries/defaults': {
    request: async (_, s) => ({
      query: { employeeId: s.employeeId, date: (await workerWeek(s)).query.week },
    }),
    allow: { admin: 200, employeeSelf: 200, supervisorOwn: 200 },
  },
  'GET /time-entries/sites': {
    request: () => ({ query: { q: 'chantier' } }),
    allow: { admin: 200, employeeSelf: 200, employeeOther: 200, supervisorOwn: 200, supervisorOther: 200 },
  },
  'GET /time-entries/total-hours-worked-by-date': {
    request: () => ({ query: { startDate: '02/03/2026', endDate: '06/03/2026' } }),
    allow: adminOnly(),
  },
  // The subject's employee is on no order: the office may ask, and hears nobody is short (400 NO_RECIPIENTS).
  'POST /time-entries/hour-reminders': {
    request: (_, s) => ({ body: { startDate: '2026-03-02', employeeIds: [s.employeeId] } }),
    allow: adminOnly(400),
  },
  'GET /time-entries/total-hours-worked-by-date-and-by-employee': {
    request: (_, s) => ({
      query: { startDate: '2026-03-02', endDate: '2026-03-06', employeeId: s.employeeId },
    }),
    allow: adminOnly(),
  },
  'POST /time-entries': {
    request: (_, s) => ({ body: entryBody(s) }),
    allow: { admin: 201, employeeSelf: 201, supervisorOwn: 201 },
  },
  'GET /time-entries/:id': {
    request: async (_, s) => id(await entryOf(s)),
    allow: { admin: 200, employeeSelf: 200, supervisorOwn: 200 },
  },
  'PUT /time-entries/:id': {
    request: async (_, s) => ({ ...id(await entryOf(s)), body: entryBody(s) }),
    allow: { admin: 200, employeeSelf: 200, supervisorOwn: 200 },
  },
  'DELETE /time-entries/:id': {
    request: async (_, s) => id(await entryOf(s)),
    allow: { admin: 200, employeeSelf: 200, supervisorOwn: 200 },
  },
  'GET /timesheets': {
    request: () => ({ query: { status: 'draft' } }),
    allow: { admin: 200, supervisorOwn: 200, supervisorOther: 200 },
  },
  'GET /timesheets/on-site-today': {
    request: () => ({}),
    allow: { supervisorOwn: 200, supervisorOther: 200 },
  },
  'POST /timesheets': {
    request: (_, s) => ({ body: { siteId: s.siteId, week: '2025-03-05' } }),
    allow: adminOnly(201),
  },
  'GET /timesheets/:id': { request: async (w, s) => id(await sheetOf(w, s)), allow: sheetReaders },
  'GET /timesheets/:id/pdf': { request: async (w, s) => id(await sheetOf(w, s)), allow: sheetReaders },
  'GET /timesheets/:id/xlsx': { request: async (w, s) => id(await sheetOf(w, s)), allow: sheetReaders },
  'DELETE /timesheets/:id': { request: async (w, s) => id(await sheetOf(w, s)), allow: adminOnly() },
  'POST /timesheets/:id/send': {
    request: async (w, s) => ({ ...id(await sheetOf(w, s)), body: {} }),
    allow: adminOnly(),
  },
  'POST /timesheets/:id/approve': {
    request: async (w, s) => id(await sheetOf(w, s, undefined, true)),
    allow: { supervisorOwn: 200, magicLink: 200 },
  },
  'POST /timesheets/:id/entries/:entryId/reject': {
    request: (w, s) => sheetLineOf(w, s),
    allow: { supervisorOwn: 200, magicLink: 200 },
  },
  // The magic link reads the receipts of its own timesheet's lines (its own worker's photos route stays closed to it).
  'GET /timesheets/:id/entries/:entryId/photos/:photoId': {
    request: (w, s) => sheetPhotoOf(w, s),
    allow: sheetReaders,
  },
  'POST /time-entries/:id/photos': {
    request: async (_, s) => ({ ...id(await entryOf(s)), body: receipt, contentType: 'image/jpeg' }),
    allow: { admin: 201, employeeSelf: 201, supervisorOwn: 201 },
  },
  'GET /time-entries/:id/photos/:photoId': {
    request: (_, s) => photoOf(s),
    allow: { admin: 200, employeeSelf: 200, supervisorOwn: 200 },
  },
  'DELETE /time-entries/:id/photos/:photoId': {
    request: (_, s) => photoOf(s),
    allow: { admin: 200, employeeSelf: 200, supervisorOwn: 200 },
  },
  'GET /dashboards/available-employees': {
    request: () => ({ query: { date: '2026-11-23', q: 'tremblay' } }),
    allow: adminOnly(),
  },
  'GET /dashboards/available-employees/open-orders': {
    request: () => ({ query: { date: '2026-11-23' } }),
    allow: adminOnly(),
  },
  // Reports (issue 28): the office's; a supervisor lists theirs and gets the timesheets summary of
  // their own sites (another client's supervisor naming this site is refused).
  'GET /reports': { request: () => ({}), allow: { admin: 200, supervisorOwn: 200, supervisorOther: 200 } },
  'GET /reports/:type/preview': {
    request: (_, s) => ({ params: { type: 'timesheets-summary' }, query: { siteId: s.siteId } }),
    allow: { admin: 200, supervisorOwn: 200 },
  },
  'GET /reports/:type': {
    request: (_, s) => ({
      params: { type: 'timesheets-summary' },
      query: { siteId: s.siteId, format: 'xlsx' },
    }),
    allow: { admin: 200, supervisorOwn: 200 },
  },
  'GET /orders': { request: () => ({ query: { status: 'open' } }), allow: adminOnly() },
  'POST /orders': { request: (_, s) => ({ body: orderBody(s) }), allow: adminOnly(201) },
  'GET /orders/:id': { request: async (_, s) => id(await orderOf(s)), allow: adminOnly() },
  'PUT /orders/:id': {
    request: async (_, s) => ({ ...id(await orderOf(s)), body: orderBody(s) }),
    allow: adminOnly(),
  },
  'GET /orders/:id/candidates': { request: async (_, s) => id(await orderOf(s)), allow: adminOnly() },
  'POST /orders/:id/cancel': {
    request: async (_, s) => ({ ...id(await orderOf(s)), body: { reason: 'Chantier reporté' } }),
    allow: adminOnly(),
  },
  'GET /overview': { request: () => ({ query: { days: '3' } }), allow: adminOnly() },
  'POST /overview/comments': {
    request: () => ({ body: { title: 'Grue livrée à 7 h', day: '2030-01-07' } }),
    allow: adminOnly(201),
  },
  'PUT /overview/comments/:id': {
    request: async () => ({ ...id(await commentOf()), body: { title: 'Grue livrée à 8 h' } }),
    allow: adminOnly(),
  },
  'DELETE /overview/comments/:id': { request: async () => id(await commentOf()), allow: adminOnly(204) },
  'GET /orders/:id/timeline': { request: async (_, s) => id(await orderOf(s)), allow: adminOnly() },
  'POST /orders/:id/assignations': {
    request: async (_, s) => ({ ...id(await orderOf(s)), body: assignBody(s) }),
    allow: adminOnly(201),
  },
  'GET /assignations': { request: () => ({ query: { status: 'pending' } }), allow: adminOnly() },
  'POST /assignations/:id/answer': {
    request: async (_, s) => ({ ...id(await assignationOf(s)), body: { answer: 'confirmed' } }),
    allow: adminOnly(),
  },
  // A worker's own: every employee lists theirs; only the one the offer was sent to answers it (another
  // employee's answer is "not found": whose offers exist is not told).
  'GET /my-assignations': { request: () => ({}), allow: { employeeSelf: 200, employeeOther: 200 } },
  'POST /my-assignations/:id/answer': {
    request: async (_, s) => ({ ...id(await sentOfferOf(s)), body: { answer: 'confirmed' } }),
    allow: { employeeSelf: 200, employeeOther: 404 },
  },
  'POST /assignations/confirm': {
    request: async (_, s) => ({ body: { ids: [await assignationOf(s)] } }),
    allow: adminOnly(),
  },
  'POST /assignations/:id/cancel': {
    request: async (_, s) => ({ ...id(await assignationOf(s)), body: { reason: null } }),
    allow: adminOnly(),
  },
  'POST /assignations/:id/replace': {
    request: async (w, s) => ({
      ...id(await assignationOf(s)),
      body: {
        employeeId: s === w.own ? w.other.employeeId : w.own.employeeId,
        overrideReason: 'Remplacement demandé',
      },
    }),
    allow: adminOnly(201),
  },
  'DELETE /holidays/overrides/:id': {
    request: async () =>
      id(
        (
          await adminCall('POST', '/holidays/overrides', {
            kind: 'add',
            calendar: 'quebec',
            date: `${2040 + holidayYear++}-11-10`,
            nameFr: 'Congé',
            nameEn: 'Day off',
          })
        ).id,
      ),
    allow: adminOnly(),
  },

  // Law 25: the person in charge is public (the privacy page, before signing in); the register is the office's.
  'GET /privacy-officer': { request: () => ({}), public: 200 },
  'PUT /privacy-officer': {
    request: () => ({
      body: {
        name: 'Julie Tremblay',
        title: 'Directrice',
        email: 'vie.privee@example.test',
        phone: '514 555-0199',
      },
    }),
    allow: adminOnly(),
  },
  'GET /privacy-incidents': { request: () => ({ query: { q: 'courriel' } }), allow: adminOnly() },
  'POST /privacy-incidents': { request: () => ({ body: incidentBody() }), allow: adminOnly(201) },
  'GET /privacy-incidents/export': { request: () => ({}), allow: adminOnly() },
  'GET /privacy-incidents/:id': {
    request: async () => id((await adminCall('POST', '/privacy-incidents', incidentBody())).id),
    allow: adminOnly(),
  },
  'PUT /privacy-incidents/:id': {
    request: async () => ({
      ...id((await adminCall('POST', '/privacy-incidents', incidentBody())).id),
      body: incidentBody(),
    }),
    allow: adminOnly(),
  },
};

/** A confidentiality incident as the register's form records it. */
function incidentBody() {
  return {
    occurredOn: '2026-11-02',
    discoveredOn: '2026-11-03',
    description: unique('Courriel envoyé au mauvais destinataire'),
    personalInformation: 'Noms et heures travaillées',
    affectedCount: 3,
    seriousInjuryRisk: false,
  };
}

/** What `caller` must get from the route: its declared status, else 401 without a session, 403 with one. */
function expectedStatus(route: Case, caller: Caller): number {
  if (route.public !== undefined) return route.public;
  return route.allow?.[caller] ?? (withoutSession.includes(caller) ? 401 : 403);
}

function urlOf(key: Endpoint, request: Request): string {
  const { path } = splitEndpointKey(key);
  const filled = path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(request.params?.[name] ?? ''),
  );
  const query = request.query ? `?${new URLSearchParams(request.query)}` : '';
  return `/api${filled}${query}`;
}

/** The callers of one role: a role the route lets in for some record passes the route's gate. */
const roleOf: Record<Caller, string> = {
  anonymous: 'none',
  badSignature: 'none',
  expired: 'none',
  revoked: 'none',
  employeeSelf: 'employee',
  employeeOther: 'employee',
  supervisorOwn: 'supervisor',
  supervisorOther: 'supervisor',
  magicLink: 'magicLink',
  admin: 'admin',
};
function roleMayUse(route: Case, caller: Caller): boolean {
  return callers.some((other) => roleOf[other] === roleOf[caller] && route.allow?.[other] !== undefined);
}

/** Invalid in every part: a malformed id, unknown sort and page, a body of the wrong shape. */
const invalidRequest: Request = {
  params: { id: 'not-an-id' },
  query: { sort: 'no-such-column', page: 'minus-one', pageSize: '100000' },
  body: { unexpected: [1, 2, 3] },
};

/**
 * Tables a refused request may touch: the caller's own session (its last use), the sign-in
 * throttle and the rate limit's counters. Every other table must be exactly as it was.
 */
const bookkeeping = new Set(['sessions', 'sign_in_failures', '__drizzle_migrations']);

/**
 * Every table's rows, as one digest per table: a refused write must leave no row and no audit row
 * behind (a route once committed a receipt photo and its audit row before refusing the caller).
 */
async function databaseDigest(): Promise<Record<string, string>> {
  digestQuery ??= await (async () => {
    const tables = await jsonRows<{ name: string }>(
      t.db,
      sql`select tablename as name from pg_tables where schemaname = 'public'`,
    );
    const parts = tables
      .filter(({ name }) => !bookkeeping.has(name))
      .map(
        ({ name }) =>
          sql`select ${name} as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.identifier(name)} as t`,
      );
    return sql.join(parts, sql` union all `);
  })();
  const rows = await jsonRows<{ name: string; digest: string }>(t.db, digestQuery);
  return Object.fromEntries(rows.map(({ name, digest }) => [name, digest]));
}
let digestQuery: SQL | undefined;

describe('permission matrix', () => {
  it('has a line for every route the app serves, and every endpoint of the contract is served', async () => {
    await app.ready();
    const documented = Object.entries(app.swagger().paths ?? {}).flatMap(([path, operations]) =>
      Object.keys(operations ?? {}).map(
        (method) => `${method.toUpperCase()} ${path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1')}`,
      ),
    );
    expect(documented.length).toBeGreaterThan(0);
    expect(documented.filter((route) => !(route in matrix))).toEqual([]);
    expect(Object.keys(endpoints).filter((key) => !documented.includes(key))).toEqual([]);
  });

  // One world per route: the allowed callers' writes (deletes, archives) cannot disturb the next route.
  for (const key of Object.keys(matrix) as Endpoint[]) {
    it(key, async () => {
      const route = matrix[key];
      await buildWorld();
      const { method } = splitEndpointKey(key);
      const send = (caller: Caller, request: Request, body = request.body) =>
        app.inject({
          method: method as 'GET',
          url: urlOf(key, request),
          headers: {
            ...world.headers[caller],
            ...(request.contentType ? { 'content-type': request.contentType } : {}),
          },
          ...(body === undefined ? {} : { payload: body as object }),
        });

      // Refused callers learn nothing about the request's fields: authentication comes first. (A
      // caller whose role may use the route, refused only for the record, may learn the id is bad.)
      if (route.public === undefined) {
        for (const caller of callers.filter((c) => !roleMayUse(route, c))) {
          const response = await send(
            caller,
            invalidRequest,
            method === 'GET' ? undefined : invalidRequest.body,
          );
          expect(response.statusCode, `${caller} with an invalid request`).toBe(
            expectedStatus(route, caller),
          );
          expect(response.json().details, `${caller} with an invalid request`).toBeUndefined();
        }
      }

      const answers: Partial<Record<Caller, number>> = {};
      const expected: Partial<Record<Caller, number>> = {};
      // The admin goes last: its writes may delete or archive what the others' requests name.
      for (const caller of callers) {
        const request = await route.request(world, subjectOf(caller));
        const refused = method !== 'GET' && expectedStatus(route, caller) >= 400;
        const before = refused ? await databaseDigest() : undefined;
        const response = await send(caller, request);
        if (before)
          expect(await databaseDigest(), `${caller}: a refused write changed the database`).toEqual(before);
        answers[caller] = response.statusCode;
        expected[caller] = expectedStatus(route, caller);
        if (response.statusCode >= 400)
          expect(response.json(), `${caller}: ${response.body}`).toHaveProperty('code');
      }
      expect(answers).toEqual(expected);
    });
  }
});
