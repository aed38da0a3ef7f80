import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';

const t = await buildTestApp();
const admin = await t.signedIn('admin');
const call = t.callAs(admin.headers);

const client = (await call('POST', '/clients', { name: 'Groupe Riverin' })).json();
const supervisor = await t.createUser({ role: 'supervisor', passwordHash: null, clientId: client.id });
const site = (
  await call('POST', `/clients/${client.id}/sites`, {
    name: 'Pont Laviolette',
    supervisorIds: [supervisor.id],
  })
).json();
const skill = (await call('POST', '/skills', { nameFr: 'Soudage', nameEn: 'Welding' })).json();

/** A worker confirmed on an order of the site running `from`–`to` (weekdays only). */
async function confirmedWorker(from: string, to: string, name: string) {
  const worker = await t.createEmployee({ passwordHash: null, lastName: name, phone: '+15145550177' });
  const order = (
    await call('POST', '/orders', {
      clientId: client.id,
      siteId: site.id,
      workersNeeded: 1,
      startsOn: from,
      endsOn: to,
      dailyStart: '07:00',
      dailyEnd: '15:30',
      skills: [{ skillId: skill.id, mandatory: false }],
      toolIds: [],
    })
  ).json();
  return { worker, order };
}

/** An order starts today at the earliest: its workers are confirmed, then the day goes by. */
async function confirm(orderId: string, workerId: string) {
  const asked = (
    await call('POST', `/orders/${orderId}/assignations`, {
      employeeIds: [workerId],
      overrideReason: 'Demandé par le client',
    })
  ).json();
  await call('POST', `/assignations/${asked.created[0].id}/answer`, { answer: 'confirmed' });
}

const dmy = (iso: string) => iso.split('-').reverse().join('/');

describe('hour alerts', () => {
  it('lists the confirmed workers under 8 hours that day, nothing logged included, not those away or at 8 hours', async () => {
    const today = companyToday();
    // "Côté" before "Cousin": names are ordered without their accents (a C collation puts "ô" after "u").
    const short = await confirmedWorker(today, addDays(today, 7), 'Côté');
    const none = await confirmedWorker(today, addDays(today, 7), 'Cousin');
    const full = await confirmedWorker(today, addDays(today, 7), 'Complet');
    const away = await confirmedWorker(today, addDays(today, 7), 'Malade');
    for (const each of [short, none, full, away]) await confirm(each.order.id, each.worker.id);
    const log = (workerId: string, endTime: string) =>
      call('POST', '/time-entries', {
        employeeId: workerId,
        siteId: site.id,
        workDate: today,
        startTime: '07:00',
        endTime,
        breakMinutes: 30,
      });
    expect((await log(short.worker.id, '13:00')).statusCode).toBe(201);
    expect((await log(full.worker.id, '15:30')).statusCode).toBe(201);
    await call('POST', '/absences', {
      employeeId: away.worker.id,
      type: 'sick',
      startsOn: today,
      endsOn: today,
    });

    const response = await call('GET', `/time-entries/total-hours-worked-by-date?startDate=${dmy(today)}`);
    expect(response.statusCode).toBe(200);
    const mine = response
      .json()
      .filter((alert: { sites: { id: string }[] }) => alert.sites.some((each) => each.id === site.id));
    const isWeekend = [0, 6].includes(new Date(`${today}T00:00:00Z`).getUTCDay());
    if (isWeekend) {
      // The orders work weekdays only: nobody is expected today.
      expect(mine).toEqual([]);
      return;
    }
    expect(
      mine.map((alert: { employee: { lastName: string }; minutes: number }) => [
        alert.employee.lastName,
        alert.minutes,
      ]),
    ).toEqual([
      ['Côté', 330],
      ['Cousin', 0],
    ]);
    expect(mine[0]).toMatchObject({
      date: today,
      employee: { phone: '+15145550177', language: 'fr' },
      sites: [{ id: site.id, name: 'Pont Laviolette' }],
    });
  });

  it('starts yesterday by default, takes ISO dates too, and refuses an end before the start', async () => {
    expect((await call('GET', '/time-entries/total-hours-worked-by-date')).statusCode).toBe(200);
    const today = companyToday();
    expect(
      (await call('GET', `/time-entries/total-hours-worked-by-date?startDate=${today}&endDate=${today}`))
        .statusCode,
    ).toBe(200);
    const reversed = await call(
      'GET',
      `/time-entries/total-hours-worked-by-date?startDate=${dmy(today)}&endDate=${dmy(addDays(today, -2))}`,
    );
    expect(reversed.statusCode).toBe(400);
    const tooLong = await call(
      'GET',
      '/time-entries/total-hours-worked-by-date?startDate=2026-01-01&endDate=2026-03-15',
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().details.fields).toEqual([
      expect.objectContaining({ path: 'endDate', message: 'range_too_long' }),
    ]);
  });

  it('gives each worker’s minutes per day', async () => {
    const worker = await t.createEmployee({ passwordHash: null, lastName: 'Totaux' });
    for (const [workDate, endTime] of [
      ['2026-02-02', '12:00'],
      ['2026-02-03', '15:00'],
    ]) {
      await call('POST', '/time-entries', {
        employeeId: worker.id,
        siteId: site.id,
        workDate,
        startTime: '07:00',
        endTime,
        breakMinutes: 0,
      });
    }
    const response = await call(
      'GET',
      `/time-entries/total-hours-worked-by-date-and-by-employee?startDate=01/02/2026&endDate=07/02/2026&employeeId=${worker.id}`,
    );
    expect(response.json()).toEqual([
      {
        date: '2026-02-03',
        employee: { id: worker.id, firstName: worker.firstName, lastName: 'Totaux' },
        minutes: 480,
      },
      {
        date: '2026-02-02',
        employee: { id: worker.id, firstName: worker.firstName, lastName: 'Totaux' },
        minutes: 300,
      },
    ]);
  });
});
