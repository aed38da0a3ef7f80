import { describe, expect, it } from 'vitest';
import { buildTestApp, uniqueTestPhone } from '../../../test/app.ts';
import { receiveInboundSms } from '../messages/index.ts';

const t = await buildTestApp();
const { app } = t;
const admin = await t.signedIn('admin', { firstName: 'Josée', lastName: 'Bureau' });
const call = t.callAs(admin.headers);

const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20), Buffer.from('\n%%EOF\n')]);

describe("a person's privacy record (Law 25)", () => {
  it("keeps each STOP and START of a mobile, with its word and date, on the person's page", async () => {
    const phone = uniqueTestPhone();
    const employee = await t.createEmployee({ phone, passwordHash: null });
    const before = (await call('GET', `/employees/${employee.id}/privacy`)).json();
    expect(before).toMatchObject({ phone, sms: { optedOut: false, events: [] } });

    await receiveInboundSms(app.deps, { from: phone, body: 'Arrêt' });
    // A second STOP changes nothing: no second event.
    await receiveInboundSms(app.deps, { from: phone, body: 'STOP' });
    const stopped = (await call('GET', `/employees/${employee.id}/privacy`)).json();
    expect(stopped.sms.optedOut).toBe(true);
    expect(stopped.sms.events).toEqual([
      expect.objectContaining({ kind: 'opt_out', keyword: 'ARRET', source: 'sms' }),
    ]);

    await receiveInboundSms(app.deps, { from: phone, body: 'start' });
    const started = (await call('GET', `/employees/${employee.id}/privacy`)).json();
    expect(started.sms.optedOut).toBe(false);
    expect(started.sms.events.map((e: { kind: string }) => e.kind)).toEqual(['opt_in', 'opt_out']);
  });

  it('notes who opened a file, a CV or a health-related absence; a person reading their own is not noted', async () => {
    const employee = await t.createEmployee({ phone: uniqueTestPhone() });
    expect((await call('GET', `/employees/${employee.id}`)).statusCode).toBe(200);
    const sick = (
      await call('POST', '/absences', {
        employeeId: employee.id,
        type: 'work_accident',
        startsOn: '2027-04-05',
        endsOn: '2027-04-09',
        reason: 'Entorse',
      })
    ).json();
    const vacation = (
      await call('POST', '/absences', {
        employeeId: employee.id,
        type: 'vacation',
        startsOn: '2027-06-07',
        endsOn: '2027-06-11',
      })
    ).json();
    await call('GET', `/absences/${sick.id}`);
    // A vacation is no health information: not noted.
    await call('GET', `/absences/${vacation.id}`);
    const own = await t.signIn(employee);
    expect((await call('GET', `/employees/${employee.id}`, undefined, own.headers)).statusCode).toBe(200);

    const record = (await call('GET', `/employees/${employee.id}/privacy`)).json();
    expect(record.access.map((a: { what: string }) => a.what)).toEqual(['health_absence', 'file']);
    expect(record.access[0].actor).toMatchObject({
      id: admin.user.id,
      firstName: 'Josée',
      lastName: 'Bureau',
    });
    expect(record.accessTotal).toBe(2);

    const applicant = (
      await call('POST', '/applicants', { firstName: 'Léa', lastName: 'Cloutier', phone: uniqueTestPhone() })
    ).json();
    await app.inject({
      method: 'PUT',
      url: `/api/applicants/${applicant.id}/cv`,
      headers: { ...admin.headers, 'content-type': 'application/pdf', 'x-file-name': 'cv.pdf' },
      payload: pdf,
    });
    expect((await call('GET', `/applicants/${applicant.id}/cv`)).statusCode).toBe(200);
    const applicantRecord = (await call('GET', `/applicants/${applicant.id}/privacy`)).json();
    expect(applicantRecord.access.map((a: { what: string }) => a.what)).toContain('cv');
  });

  it('answers 404 for a person of another kind, and is the office’s only', async () => {
    const employee = await t.createEmployee({ passwordHash: null });
    expect((await call('GET', `/supervisors/${employee.id}/privacy`)).statusCode).toBe(404);
    const own = await t.signIn(await t.createEmployee());
    expect((await call('GET', `/employees/${employee.id}/privacy`, undefined, own.headers)).statusCode).toBe(
      403,
    );
  });
});
