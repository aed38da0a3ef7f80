import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, uniqueTestPhone } from '../../../test/app.ts';
import { applicants, auditLog, conversations, outbox, phoneChanges, users } from '../../db/schema/index.ts';
import { violatedConstraint } from '../../lib/errors.ts';
import { receiveInboundSms } from '../messages/index.ts';
import { ensureActivePhoneIndex } from './phone-index.ts';

/** Issue 27, point 1: a phone number belongs to one person, proven. */
const t = await buildTestApp();
const { app } = t;
const admin = await t.signedIn('admin');
const call = t.callAs(admin.headers);

let counter = 0;
const next = () => ++counter;

async function makeClient() {
  const response = await call('POST', '/clients', { name: `Client ${next()}` });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}
const clientId = await makeClient();

const employeeBody = (phone: string | null, extra: Record<string, unknown> = {}) => ({
  employeeNumber: `P-${next()}`,
  firstName: 'Hélène',
  lastName: `Tremblay ${counter}`,
  phone,
  invitationChannel: 'none',
  ...extra,
});
/** A whole employee for PUT /employees/:id (a PUT replaces every field). */
const employeeEdit = (employeeNumber: string, phone: string | null, active = true) => ({
  ...employeeBody(phone),
  employeeNumber,
  language: 'fr',
  province: 'QC',
  status: 'disponible',
  fearOfHeights: false,
  skills: [],
  toolIds: [],
  active,
});
const supervisorBody = (phone: string | null) => ({
  clientId,
  firstName: 'Zoé',
  lastName: `Bélanger ${next()}`,
  email: `zoe.${counter}@berube.test`,
  phone,
  language: 'fr',
  invitationChannel: 'none',
});
const applicantBody = (phone: string) => ({
  firstName: 'Marc',
  lastName: `Côté ${next()}`,
  phone,
  language: 'fr',
  source: 'other',
});

async function created(method: string, path: string, body: unknown) {
  const response = await call(method, path, body);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}
function expectPhoneTaken(response: { statusCode: number; json: () => unknown; body: string }) {
  expect(response.statusCode, response.body).toBe(409);
  expect(response.json()).toMatchObject({ code: 'PHONE_NOT_UNIQUE', details: { field: 'phone' } });
}

describe('a mobile is one active person’s (409 PHONE_NOT_UNIQUE)', () => {
  it('refuses an employee’s number to a supervisor, an applicant or another employee, whichever way it is typed', async () => {
    const phone = uniqueTestPhone();
    await created('POST', '/employees', employeeBody(phone));
    const typed = `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`;
    expectPhoneTaken(await call('POST', '/employees', employeeBody(typed)));
    expectPhoneTaken(await call('POST', '/supervisors', supervisorBody(phone)));
    expectPhoneTaken(await call('POST', '/applicants', applicantBody(phone)));
  });

  it('refuses a supervisor’s or an applicant’s number to an employee, at creation and on an edit', async () => {
    const supervisorPhone = uniqueTestPhone();
    await created('POST', '/supervisors', supervisorBody(supervisorPhone));
    expectPhoneTaken(await call('POST', '/employees', employeeBody(supervisorPhone)));
    const applicantPhone = uniqueTestPhone();
    await created('POST', '/applicants', applicantBody(applicantPhone));
    expectPhoneTaken(await call('POST', '/employees', employeeBody(applicantPhone)));
    expectPhoneTaken(await call('POST', '/applicants', applicantBody(applicantPhone)));

    const employee = await created('POST', '/employees', employeeBody(uniqueTestPhone()));
    const detail = (await call('GET', `/employees/${employee.id}`)).json();
    const edit = employeeEdit(detail.employeeNumber, applicantPhone);
    expectPhoneTaken(await call('PUT', `/employees/${employee.id}`, edit));
    // Its own number, saved again, is no conflict.
    const same = await call(
      'PUT',
      `/employees/${employee.id}`,
      employeeEdit(detail.employeeNumber, detail.phone),
    );
    expect(same.statusCode, same.body).toBe(200);
  });

  it('lets an archived person’s number go to someone else, and refuses to bring them back on it', async () => {
    const phone = uniqueTestPhone();
    const old = await created('POST', '/employees', employeeBody(phone));
    // Archived (they have changed something, so they are kept), their number is free.
    await t.db.update(users).set({ active: false }).where(eq(users.id, old.id));
    await created('POST', '/employees', employeeBody(phone));
    const detail = (await call('GET', `/employees/${old.id}`)).json();
    const back = await call('PUT', `/employees/${old.id}`, employeeEdit(detail.employeeNumber, phone));
    expectPhoneTaken(back);
    // Without the number, they come back.
    const withoutIt = await call('PUT', `/employees/${old.id}`, employeeEdit(detail.employeeNumber, null));
    expect(withoutIt.statusCode, withoutIt.body).toBe(200);
  });

  it('moves a hired applicant’s number to their employee; hired, the applicant blocks nobody', async () => {
    const phone = uniqueTestPhone();
    const applicant = await created('POST', '/applicants', applicantBody(phone));
    await created('POST', `/applicants/${applicant.id}/hire`, {
      employeeNumber: `H-${next()}`,
      invitationChannel: 'none',
    });
    const [employee] = await t.db.select().from(users).where(eq(users.phone, phone));
    expect(employee).toMatchObject({ active: true, role: 'employee' });
    // The number is the employee's now: a new applicant cannot have it…
    expectPhoneTaken(await call('POST', '/applicants', applicantBody(phone)));
    // …until the employee is archived: the hired applicant's copy of it does not count.
    await t.db.update(users).set({ active: false }).where(eq(users.id, employee!.id));
    await created('POST', '/applicants', applicantBody(phone));
  });

  it('keeps two active accounts apart in the database too', async () => {
    const phone = uniqueTestPhone();
    await t.createUser({ phone });
    const error = await t.createUser({ phone }).catch((e: unknown) => e);
    expect(violatedConstraint(error)).toBe('users_active_phone_key');
    await t.createUser({ phone, active: false });
    expect(await ensureActivePhoneIndex(t.db)).toEqual({ status: 'present' });
  });
});

const putMe = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  app.inject({ method: 'PUT', url: '/api/users/me', headers, payload });
const confirm = (headers: Record<string, string>, code: string) =>
  app.inject({ method: 'POST', url: '/api/users/me/phone-confirmation', headers, payload: { code } });

/** The code in the last SMS queued to `phone`. */
async function codeSentTo(phone: string) {
  const [sms] = await t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, phone), eq(outbox.channel, 'sms')))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return { sms, code: /\b(\d{6})\b/.exec(sms?.body ?? '')?.[1] ?? '' };
}
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('my own new mobile waits for the code sent to it', () => {
  it('refuses a co-worker’s mobile in my profile: their replies stay theirs', async () => {
    const coworkerPhone = uniqueTestPhone();
    const coworker = await t.createEmployee({ phone: coworkerPhone });
    const { user, headers } = await t.signedIn('employee', { phone: uniqueTestPhone() });
    expectPhoneTaken(await putMe(headers, { phone: coworkerPhone }));
    expect(await codeSentTo(coworkerPhone)).toMatchObject({ sms: undefined });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.phone).not.toBe(coworkerPhone);
    // An SMS from that number is still the co-worker's.
    await receiveInboundSms(app.deps, { from: coworkerPhone, body: 'OUI' });
    const [thread] = await t.db.select().from(conversations).where(eq(conversations.phone, coworkerPhone));
    expect(thread!.userId).toBe(coworker.id);
  });

  it('keeps the old mobile until the code comes back, then takes the new one (audited)', async () => {
    const oldPhone = uniqueTestPhone();
    const newPhone = uniqueTestPhone();
    const { user, headers } = await t.signedIn('employee', { phone: oldPhone, language: 'en' });
    const saved = await putMe(headers, { phone: newPhone, firstName: 'Jo' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ phone: oldPhone, pendingPhone: newPhone, firstName: 'Jo' });
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers });
    expect(me.json()).toMatchObject({ phone: oldPhone, pendingPhone: newPhone });

    const { sms, code } = await codeSentTo(newPhone);
    expect(sms).toMatchObject({ language: 'en', channel: 'sms' });
    expect(sms!.body).toMatch(/^Brigade: your code to confirm this number is \d{6}/);
    // Only a hash of the code is kept.
    const [pending] = await t.db.select().from(phoneChanges).where(eq(phoneChanges.userId, user.id));
    expect(JSON.stringify(pending)).not.toContain(code);

    // Saving the whole form again with the waiting number sends no second code.
    await putMe(headers, { phone: newPhone, lastName: 'Again' });
    expect((await codeSentTo(newPhone)).code).toBe(code);

    const wrong = await confirm(headers, wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'PHONE_CODE_WRONG', details: { attemptsLeft: 4 } });

    const right = await confirm(headers, code);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ phone: newPhone, pendingPhone: null });
    const after = await app.inject({ method: 'GET', url: '/api/users/me', headers });
    expect(after.json()).toMatchObject({ phone: newPhone, pendingPhone: null });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['user.phone_change_requested', 'user.phone_confirmed']),
    );
    // Used, the code opens nothing more.
    expect((await confirm(headers, code)).json().code).toBe('PHONE_CODE_EXPIRED');
  });

  it('drops the new mobile after five wrong codes', async () => {
    const newPhone = uniqueTestPhone();
    const { headers } = await t.signedIn('supervisor', { phone: uniqueTestPhone() });
    await putMe(headers, { phone: newPhone });
    const { code } = await codeSentTo(newPhone);
    for (const left of [4, 3, 2, 1]) {
      expect((await confirm(headers, wrongCode(code))).json()).toMatchObject({
        details: { attemptsLeft: left },
      });
    }
    const fifth = await confirm(headers, wrongCode(code));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().code).toBe('PHONE_CODE_TOO_MANY_ATTEMPTS');
    const late = await confirm(headers, code);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('PHONE_CODE_EXPIRED');
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers });
    expect(me.json().pendingPhone).toBeNull();
  });

  it('refuses a code past its 15 minutes, and a number someone got meanwhile', async () => {
    const newPhone = uniqueTestPhone();
    const { user, headers } = await t.signedIn('employee', { phone: uniqueTestPhone() });
    await putMe(headers, { phone: newPhone });
    const { code } = await codeSentTo(newPhone);
    await t.db
      .update(phoneChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(phoneChanges.userId, user.id));
    const expired = await confirm(headers, code);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().code).toBe('PHONE_CODE_EXPIRED');

    await putMe(headers, { phone: newPhone });
    const second = await codeSentTo(newPhone);
    // The office gives the number to a new employee before the code comes back.
    await created('POST', '/employees', employeeBody(newPhone));
    expectPhoneTaken(await confirm(headers, second.code));
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.phone).not.toBe(newPhone);
  });

  it('removes my mobile at once, and the office changes a worker’s without a code', async () => {
    const { user, headers } = await t.signedIn('employee', { phone: uniqueTestPhone() });
    const removed = await putMe(headers, { phone: null });
    expect(removed.json()).toMatchObject({ phone: null, pendingPhone: null });
    const employee = await created('POST', '/employees', employeeBody(uniqueTestPhone()));
    const detail = (await call('GET', `/employees/${employee.id}`)).json();
    const phone = uniqueTestPhone();
    const edit = await call('PUT', `/employees/${employee.id}`, employeeEdit(detail.employeeNumber, phone));
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await call('GET', `/employees/${employee.id}`)).json().phone).toBe(phone);
    expect(user.id).toBeTruthy();
  });
});

describe('an SMS in is matched by its exact number to exactly one person', () => {
  const threadOf = async (phone: string) => {
    const [thread] = await t.db.select().from(conversations).where(eq(conversations.phone, phone));
    return thread;
  };

  it('the active person, even when archived people had the number before', async () => {
    const phone = uniqueTestPhone();
    await t.createEmployee({ phone, active: false });
    const now = await t.createEmployee({ phone });
    await receiveInboundSms(app.deps, { from: phone, body: 'Bonjour' });
    expect(await threadOf(phone)).toMatchObject({ userId: now.id, applicantId: null });
  });

  it('an applicant’s number opens their Applicants conversation', async () => {
    const phone = uniqueTestPhone();
    const applicant = await created('POST', '/applicants', applicantBody(phone));
    await receiveInboundSms(app.deps, { from: phone, body: 'Avez-vous du travail?' });
    expect(await threadOf(phone)).toMatchObject({
      userId: null,
      applicantId: applicant.id,
      type: 'Applicants',
    });
  });

  it('a number two people still share (from before it had to be one person’s) is nobody’s', async () => {
    const phone = uniqueTestPhone();
    await t.createEmployee({ phone });
    // Written straight to the table, as data from before the rule could hold it.
    await t.db.insert(applicants).values({ firstName: 'Marc', lastName: 'Legacy', phone });
    await receiveInboundSms(app.deps, { from: phone, body: 'OUI' });
    expect(await threadOf(phone)).toMatchObject({ userId: null, applicantId: null, type: 'General' });
  });

  it('a number nobody has opens the "unknown number" conversation', async () => {
    const phone = uniqueTestPhone();
    await receiveInboundSms(app.deps, { from: phone, body: 'Allo?' });
    expect(await threadOf(phone)).toMatchObject({ userId: null, applicantId: null });
  });
});
