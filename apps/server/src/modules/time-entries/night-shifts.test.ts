import { writeFileSync } from 'node:fs';
import { companyInstant, payWeekStart, skippedTime, workedMinutes } from '@brigade/shared';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { hasPdftotext, pdfText } from '../../../test/pdf-text.ts';
import { timeEntries } from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';
import { isExclusionViolation } from '../../lib/errors.ts';

// Night shifts in one entry (issue 25): 22:00–06:00 ends the next day and counts on the day it
// starts; overlaps, absences and the clock changes follow it across midnight.

const t = await buildTestApp();
const admin = await t.signedIn('admin');
const call = t.callAs(admin.headers);

let client: { id: string };
let site: { id: string };
let otherSite: { id: string };
let supervisor: { id: string };

beforeAll(async () => {
  client = (await call('POST', '/clients', { name: 'Entretien Nocturne' })).json();
  supervisor = await t.createUser({ role: 'supervisor', passwordHash: null, clientId: client.id });
  site = (
    await call('POST', `/clients/${client.id}/sites`, {
      name: 'Métro Jean-Talon',
      city: 'Montréal',
      supervisorIds: [supervisor.id],
    })
  ).json();
  otherSite = (
    await call('POST', `/clients/${client.id}/sites`, {
      name: 'Garage Youville',
      supervisorIds: [supervisor.id],
    })
  ).json();
});

// Last pay week (whole and past, whatever today is): Sunday is day(0), Monday day(1)…
const lastWeek = payWeekStart(addDays(companyToday(), -7));
const day = (index: number) => addDays(lastWeek, index);

async function worker() {
  return t.signIn(await t.createEmployee());
}
const shift = (workDate: string, startTime: string, endTime: string, extra: object = {}) => ({
  siteId: site.id,
  workDate,
  startTime,
  endTime,
  breakMinutes: 0,
  ...extra,
});
const fieldsOf = (response: { json: () => { details?: { fields?: { path: string; message: string }[] } } }) =>
  Object.fromEntries((response.json().details?.fields ?? []).map((field) => [field.path, field.message]));

/** The stored row's own minutes (the database's generated column), beside what the API answered. */
async function storedMinutes(id: string) {
  const [row] = await t.db
    .select({ minutes: timeEntries.minutes, endMinute: timeEntries.endMinute })
    .from(timeEntries)
    .where(eq(timeEntries.id, id));
  return row;
}

describe('a night shift is one entry', () => {
  it('logs 22:00–06:00 as one entry of the day it starts, ending the next day, 8 h', async () => {
    const me = await worker();
    const response = await call('POST', '/time-entries', shift(day(1), '22:00', '06:00'), me.headers);
    expect(response.statusCode, response.body).toBe(201);
    const entry = response.json();
    expect(entry).toMatchObject({
      workDate: day(1),
      startTime: '22:00',
      endTime: '06:00',
      endsNextDay: true,
      minutes: 480,
    });
    expect(await storedMinutes(entry.id)).toEqual({ minutes: 480, endMinute: 30 * 60 });
    const read = (await call('GET', `/time-entries/${entry.id}`, undefined, me.headers)).json();
    expect(read).toMatchObject({ workDate: day(1), endTime: '06:00', endsNextDay: true, minutes: 480 });
    // A day shift says it ends the same day.
    const day2 = (await call('POST', '/time-entries', shift(day(3), '07:00', '15:00'), me.headers)).json();
    expect(day2).toMatchObject({ endTime: '15:00', endsNextDay: false, minutes: 480 });
  });

  it('counts it on the day it starts: the start day’s total and overtime, and the start day’s pay week', async () => {
    const me = await worker();
    // Friday 18:00–06:00 less 30 min: 11.5 h on Friday, 3.5 h of it overtime.
    await call('POST', '/time-entries', shift(day(5), '18:00', '06:00', { breakMinutes: 30 }), me.headers);
    // Saturday 22:00–06:00: the last night of the pay week stays in it (not in next week's Sunday).
    await call('POST', '/time-entries', shift(day(6), '22:00', '06:00'), me.headers);
    const week = (await call('GET', `/time-entries/week?week=${day(3)}`, undefined, me.headers)).json();
    expect(week.days[5]).toMatchObject({ date: day(5), minutes: 690, regular: 480, overtime: 210 });
    expect(week.days[6]).toMatchObject({ date: day(6), minutes: 480, regular: 480, overtime: 0 });
    expect(week.days[6].entries[0]).toMatchObject({
      startTime: '22:00',
      endTime: '06:00',
      endsNextDay: true,
    });
    expect(week.totals).toMatchObject({ minutes: 1170, regular: 960, overtime: 210 });
    const next = (await call('GET', `/time-entries/week?week=${day(7)}`, undefined, me.headers)).json();
    expect(next.days[0]).toMatchObject({ date: day(7), minutes: 0, entries: [] });
  });

  it('takes an end at midnight ("16:00–00:00") as 8 h ending the next day; 00:00 the next day touches it', async () => {
    const me = await worker();
    const evening = await call('POST', '/time-entries', shift(day(2), '16:00', '00:00'), me.headers);
    expect(evening.statusCode, evening.body).toBe(201);
    expect(evening.json()).toMatchObject({ endTime: '00:00', endsNextDay: true, minutes: 480 });
    expect((await storedMinutes(evening.json().id))?.endMinute).toBe(24 * 60);
    const after = await call('POST', '/time-entries', shift(day(3), '00:00', '04:00'), me.headers);
    expect(after.statusCode, after.body).toBe(201);
  });

  it('refuses the same start and end (nothing, or a whole day?), and a start at 24:00', async () => {
    const me = await worker();
    expect(
      fieldsOf(await call('POST', '/time-entries', shift(day(2), '22:00', '22:00'), me.headers)),
    ).toEqual({
      endTime: 'same_time',
    });
    expect(
      fieldsOf(await call('POST', '/time-entries', shift(day(2), '24:00', '06:00'), me.headers)),
    ).toEqual({
      startTime: 'invalid_time',
    });
    // The break is measured against the hours across midnight: 2 h from 23:00 to 01:00.
    expect(
      fieldsOf(
        await call(
          'POST',
          '/time-entries',
          shift(day(2), '23:00', '01:00', { breakMinutes: 120 }),
          me.headers,
        ),
      ),
    ).toEqual({ breakMinutes: 'break_too_long' });
  });

  it('changes a day shift into a night shift and back', async () => {
    const me = await worker();
    const entry = (await call('POST', '/time-entries', shift(day(4), '07:00', '15:00'), me.headers)).json();
    const night = await call('PUT', `/time-entries/${entry.id}`, shift(day(4), '21:00', '05:30'), me.headers);
    expect(night.json()).toMatchObject({ endTime: '05:30', endsNextDay: true, minutes: 510 });
    const back = await call('PUT', `/time-entries/${entry.id}`, shift(day(4), '07:00', '15:00'), me.headers);
    expect(back.json()).toMatchObject({ endTime: '15:00', endsNextDay: false, minutes: 480 });
  });
});

describe('overlaps across midnight', () => {
  it('refuses Tuesday 05:00–13:00 after Monday 22:00–06:00, naming Monday’s; 06:00 on Tuesday touches it', async () => {
    const me = await worker();
    const monday = (await call('POST', '/time-entries', shift(day(1), '22:00', '06:00'), me.headers)).json();
    const tuesday = await call(
      'POST',
      '/time-entries',
      shift(day(2), '05:00', '13:00', { siteId: otherSite.id }),
      me.headers,
    );
    expect(tuesday.statusCode).toBe(409);
    expect(tuesday.json()).toMatchObject({
      code: 'TIME_ENTRY_OVERLAP',
      details: {
        entry: {
          id: monday.id,
          workDate: day(1),
          startTime: '22:00',
          endTime: '06:00',
          endsNextDay: true,
          siteName: 'Métro Jean-Talon',
        },
      },
    });
    expect(
      (await call('POST', '/time-entries', shift(day(2), '06:00', '14:00'), me.headers)).statusCode,
    ).toBe(201);
    // Monday evening before it, on the same day, is in the way too.
    const evening = await call('POST', '/time-entries', shift(day(1), '20:00', '22:15'), me.headers);
    expect(evening.json().code).toBe('TIME_ENTRY_OVERLAP');
  });

  it('refuses Monday 22:00–06:00 after Tuesday 05:00–13:00, naming Tuesday’s', async () => {
    const me = await worker();
    const tuesday = (await call('POST', '/time-entries', shift(day(2), '05:00', '13:00'), me.headers)).json();
    const monday = await call('POST', '/time-entries', shift(day(1), '22:00', '06:00'), me.headers);
    expect(monday.statusCode).toBe(409);
    expect(monday.json().details.entry).toMatchObject({
      id: tuesday.id,
      workDate: day(2),
      startTime: '05:00',
    });
    // Changing Tuesday's into what it was is no overlap with itself.
    const same = await call(
      'PUT',
      `/time-entries/${tuesday.id}`,
      shift(day(2), '05:00', '13:00'),
      me.headers,
    );
    expect(same.statusCode).toBe(200);
  });

  it('writes one of a night and the next morning sent at once', async () => {
    const me = await worker();
    const [a, b] = await Promise.all([
      call('POST', '/time-entries', shift(day(1), '22:00', '06:00'), me.headers),
      call('POST', '/time-entries', shift(day(2), '05:00', '13:00'), me.headers),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });

  it('is guarded by the database itself: a row written past the service across midnight is refused', async () => {
    const me = await worker();
    const row = { employeeId: me.user.id, siteId: site.id, breakMinutes: 0 };
    await t.db
      .insert(timeEntries)
      .values({ ...row, workDate: day(1), startMinute: 22 * 60, endMinute: 30 * 60 });
    await expect(
      t.db.insert(timeEntries).values({ ...row, workDate: day(2), startMinute: 5 * 60, endMinute: 13 * 60 }),
    ).rejects.toThrow();
    await t.db
      .insert(timeEntries)
      .values({ ...row, workDate: day(2), startMinute: 6 * 60, endMinute: 14 * 60 });
    // And an entry longer than a day, or ending before it starts, never gets in.
    await expect(
      t.db
        .insert(timeEntries)
        .values({ ...row, workDate: day(4), startMinute: 60, endMinute: 60 + 24 * 60 + 15 }),
    ).rejects.toThrow();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two writes at the same moment, past the service (PostgreSQL)',
  () => {
    it('the exclusion constraint holds Tuesday’s morning until Monday’s night commits, then refuses it', async () => {
      const me = await worker();
      const row = { employeeId: me.user.id, siteId: site.id, breakMinutes: 0 };
      let second: Promise<unknown> | undefined;
      await t.db.transaction(async (tx) => {
        await tx
          .insert(timeEntries)
          .values({ ...row, workDate: day(1), startMinute: 22 * 60, endMinute: 30 * 60 });
        // Another connection, while the night is written but not committed.
        second = t.db
          .insert(timeEntries)
          .values({ ...row, workDate: day(2), startMinute: 5 * 60, endMinute: 13 * 60 })
          .then(
            () => 'written',
            (error: unknown) => error,
          );
        const meanwhile = await Promise.race([
          second.then(() => 'answered'),
          new Promise((resolve) => setTimeout(() => resolve('waiting'), 300)),
        ]);
        expect(meanwhile).toBe('waiting');
      });
      expect(isExclusionViolation(await second)).toBe(true);
    });
  },
);

describe('days away and a night shift', () => {
  it('refuses a night shift starting on a day away; a part of the next day away refuses the hours that cross it', async () => {
    const me = await worker();
    await call('POST', '/absences', {
      employeeId: me.user.id,
      type: 'sick',
      startsOn: day(1),
      endsOn: day(1),
    });
    const onDayAway = await call('POST', '/time-entries', shift(day(1), '22:00', '06:00'), me.headers);
    expect(onDayAway.json()).toMatchObject({
      code: 'EMPLOYEE_ABSENT',
      details: { absence: { type: 'sick' } },
    });
    // The night before the day away ends on it: it belongs to the day it starts, which is worked.
    const before = await call('POST', '/time-entries', shift(day(0), '22:00', '06:00'), me.headers);
    expect(before.statusCode, before.body).toBe(201);

    await call('POST', '/absences', {
      employeeId: me.user.id,
      type: 'personal',
      startsOn: day(4),
      endsOn: day(4),
      fromTime: '05:00',
      toTime: '08:00',
    });
    const crossing = await call('POST', '/time-entries', shift(day(3), '22:00', '06:00'), me.headers);
    expect(crossing.json()).toMatchObject({
      code: 'EMPLOYEE_ABSENT',
      details: { absence: { type: 'personal', fromTime: '05:00', toTime: '08:00', startsOn: day(4) } },
    });
    const endsBefore = await call('POST', '/time-entries', shift(day(3), '21:00', '05:00'), me.headers);
    expect(endsBefore.statusCode, endsBefore.body).toBe(201);
  });
});

describe('the nights the clocks change (America/Toronto)', () => {
  // 2026: back on Sunday 1 November (02:00 → 01:00), forward on Sunday 8 March (02:00 → 03:00).
  // Those nights lie in closed pay weeks for a worker: the office logs them (issue 27).
  it('counts 22:00–06:00 as 9 h the night the clocks go back and 7 h the night they go forward', async () => {
    const me = await worker();
    const back = (
      await call('POST', '/time-entries', {
        ...shift('2026-10-31', '22:00', '06:00'),
        employeeId: me.user.id,
      })
    ).json();
    expect(back).toMatchObject({ workDate: '2026-10-31', endsNextDay: true, minutes: 540 });
    expect((await storedMinutes(back.id))?.minutes).toBe(540);
    const forward = await call('POST', '/time-entries', {
      ...shift('2026-03-07', '22:00', '06:00', { breakMinutes: 30 }),
      employeeId: me.user.id,
    });
    expect(forward.json()).toMatchObject({ workDate: '2026-03-07', minutes: 390 });
    expect((await storedMinutes(forward.json().id))?.minutes).toBe(390);
    // The same hours on a night without change: 8 h (and the day after the change too).
    const plain = (
      await call('POST', '/time-entries', {
        ...shift('2026-11-07', '22:00', '06:00'),
        employeeId: me.user.id,
      })
    ).json();
    expect(plain.minutes).toBe(480);
    // A shift that spans 02:00 on the Sunday itself gains or loses the hour as well.
    const other = await worker();
    const sunday = (
      await call('POST', '/time-entries', {
        ...shift('2026-11-01', '00:00', '08:00'),
        employeeId: other.user.id,
      })
    ).json();
    expect(sunday.minutes).toBe(540);

    // Week totals follow: the week of 25–31 October has 9 h on Saturday, 1 h of it overtime.
    const week = (await call('GET', '/time-entries/week?week=2026-10-31', undefined, me.headers)).json();
    expect(week.days[6]).toMatchObject({ date: '2026-10-31', minutes: 540, regular: 480, overtime: 60 });
    expect(week.totals).toMatchObject({ minutes: 540, regular: 480, overtime: 60 });
    // So do the hours by day the hour alerts read: 9 h on Saturday, nothing on Sunday.
    const byDay = await call(
      'GET',
      `/time-entries/total-hours-worked-by-date-and-by-employee?startDate=2026-10-31&endDate=2026-11-01&employeeId=${me.user.id}`,
    );
    expect(byDay.json().map((row: { date: string; minutes: number }) => [row.date, row.minutes])).toEqual([
      ['2026-10-31', 540],
    ]);
  });

  it('refuses a break that leaves nothing of the 7 h, and a time the clocks skip', async () => {
    const me = await worker();
    expect(
      fieldsOf(
        await call(
          'POST',
          '/time-entries',
          shift('2026-03-07', '22:00', '06:00', { breakMinutes: 420 }),
          me.headers,
        ),
      ),
    ).toEqual({ breakMinutes: 'break_too_long' });
    expect(
      fieldsOf(await call('POST', '/time-entries', shift('2026-03-07', '22:00', '02:30'), me.headers)),
    ).toEqual({
      endTime: 'time_skipped',
    });
    expect(
      fieldsOf(await call('POST', '/time-entries', shift('2026-03-08', '02:00', '08:00'), me.headers)),
    ).toEqual({
      startTime: 'time_skipped',
    });
  });

  it('reads every local time as the database does, 2007 to 2040 (the worked minutes of the answer are the stored ones)', async () => {
    // Each night the clocks changed or will change, the Saturday and the Sunday, every quarter hour
    // of those two days: the instant the API computes and the one PostgreSQL computes are the same.
    const days: string[] = [];
    for (let year = 2007; year <= 2040; year++) {
      const secondSundayOfMarch = sundayOnOrAfter(`${year}-03-08`);
      const firstSundayOfNovember = sundayOnOrAfter(`${year}-11-01`);
      for (const sunday of [secondSundayOfMarch, firstSundayOfNovember])
        days.push(addDays(sunday, -1), sunday);
    }
    const result = await t.db.execute(sql`
      select d::text as "date", m as "minute",
        (extract(epoch from ((d + m * interval '1 minute') at time zone 'America/Toronto')) * 1000)::bigint::text as "instant",
        (((d + m * interval '1 minute') at time zone 'America/Toronto') at time zone 'America/Toronto')
          <> d + m * interval '1 minute' as "skipped"
      from unnest(${`{${days.join(',')}}`}::date[]) as d, generate_series(0, 2880, 15) as m`);
    const rows = (
      result as unknown as { rows: { date: string; minute: number; instant: string; skipped: boolean }[] }
    ).rows;
    expect(rows.length).toBe(days.length * 193);
    const wrong = rows.filter(
      (row) =>
        companyInstant(row.date, row.minute) !== Number(row.instant) ||
        skippedTime(row.date, row.minute) !== row.skipped,
    );
    expect(wrong).toEqual([]);
    // 02:00–02:45 each March, read from the Saturday (26:00–26:45) and from the Sunday.
    expect(rows.filter((row) => row.skipped).length).toBe((2040 - 2007 + 1) * 4 * 2);

    // And the worked minutes of every night shift of those nights, as the generated column has them.
    const saturdays = days.filter((_, index) => index % 2 === 0);
    const shifts = await t.db.execute(sql`
      select d::text as "date", s as "start", e as "end", time_entry_minutes(d, s, e, 0) as "minutes"
      from unnest(${`{${saturdays.join(',')}}`}::date[]) as d, generate_series(18 * 60, 23 * 60 + 45, 15) as s,
        generate_series(24 * 60, 32 * 60, 15) as e`);
    const worked = (
      shifts as unknown as { rows: { date: string; start: number; end: number; minutes: number }[] }
    ).rows;
    const disagree = worked.filter(
      (row) =>
        workedMinutes({ workDate: row.date, startMinute: row.start, endMinute: row.end, breakMinutes: 0 }) !==
        row.minutes,
    );
    expect(disagree).toEqual([]);
    // Some 13,000 instants and 30,000 shifts computed by the embedded database: seconds on a quiet
    // machine, close to a minute on a loaded one.
  }, 120_000);
});

/** The Sunday on or after an ISO date. */
function sundayOnOrAfter(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, (7 - weekday) % 7);
}

describe('hour alerts follow the start day', () => {
  it('counts tonight’s 22:00–06:00 today: no alert today, tomorrow still expects its hours', async () => {
    const today = companyToday();
    const worker = await t.createEmployee({
      passwordHash: null,
      lastName: 'Veilleur',
      phone: '+15145550191',
    });
    const skill = (
      await call('POST', '/skills', { nameFr: 'Entretien de nuit', nameEn: 'Night maintenance' })
    ).json();
    const order = (
      await call('POST', '/orders', {
        clientId: client.id,
        siteId: site.id,
        workersNeeded: 1,
        startsOn: today,
        endsOn: addDays(today, 7),
        includeWeekends: true,
        dailyStart: '07:00',
        dailyEnd: '15:00',
        skills: [{ skillId: skill.id, mandatory: false }],
        toolIds: [],
      })
    ).json();
    const asked = (
      await call('POST', `/orders/${order.id}/assignations`, {
        employeeIds: [worker.id],
        overrideReason: 'Demandé par le client',
      })
    ).json();
    await call('POST', `/assignations/${asked.created[0].id}/answer`, { answer: 'confirmed' });
    const logged = await call('POST', '/time-entries', {
      ...shift(today, '22:00', '06:00'),
      employeeId: worker.id,
    });
    expect(logged.statusCode, logged.body).toBe(201);

    const alerts = (
      await call(
        'GET',
        `/time-entries/total-hours-worked-by-date?startDate=${today}&endDate=${addDays(today, 1)}`,
      )
    ).json() as { date: string; employee: { id: string }; minutes: number }[];
    const mine = alerts.filter((alert) => alert.employee.id === worker.id);
    expect(mine.map((alert) => [alert.date, alert.minutes])).toEqual([[addDays(today, 1), 0]]);
  });
});

describe('the timesheet of a week with a night shift the clocks went back', () => {
  // Week of Sunday 25 October 2026: Saturday 31 October 22:00–06:00 is 9 h, on Saturday.
  let sheet: {
    id: string;
    lines: {
      employee: { lastName: string };
      days: {
        date: string;
        minutes: number;
        entries: { startTime: string; endTime: string; endsNextDay: boolean }[];
      }[];
      minutes: number;
      regular: number;
      overtime: number;
    }[];
    dayMinutes: number[];
    totals: { minutes: number };
  };
  beforeAll(async () => {
    const sheetSite = (
      await call('POST', `/clients/${client.id}/sites`, {
        name: 'Usine Saint-Laurent',
        supervisorIds: [supervisor.id],
      })
    ).json();
    const night = await t.createEmployee({ firstName: 'Noémie', lastName: 'Lachance' });
    const logs = [
      { workDate: '2026-10-29', startTime: '22:00', endTime: '06:00' },
      { workDate: '2026-10-31', startTime: '22:00', endTime: '06:00' },
    ];
    for (const log of logs) {
      const response = await call('POST', '/time-entries', {
        ...log,
        siteId: sheetSite.id,
        employeeId: night.id,
        breakMinutes: 0,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const created = await call('POST', '/timesheets', { siteId: sheetSite.id, week: '2026-10-31' });
    expect(created.statusCode, created.body).toBe(201);
    sheet = created.json();
  });

  it('puts each night on the day it starts, 9 h the night of the change, in the line and the totals', () => {
    const line = sheet.lines[0];
    expect(line?.days.map((each) => each.minutes)).toEqual([0, 0, 0, 0, 480, 0, 540]);
    expect(line?.days[6]?.entries).toEqual([
      expect.objectContaining({ startTime: '22:00', endTime: '06:00', endsNextDay: true }),
    ]);
    expect(line).toMatchObject({ minutes: 1020, regular: 960, overtime: 60 });
    expect(sheet.dayMinutes).toEqual([0, 0, 0, 0, 480, 0, 540]);
    expect(sheet.totals.minutes).toBe(1020);
  });

  it.skipIf(!hasPdftotext)(
    'prints the night marked (+1) with its 9 h, the week’s total, and what (+1) means',
    async () => {
      const pdf = (await call('GET', `/timesheets/${sheet.id}/pdf?language=fr`)).rawPayload;
      if (process.env.KEEP_PDF) writeFileSync(process.env.KEEP_PDF, pdf);
      const fr = pdfText(pdf);
      // The name and the marker wrap in their narrow cells: "Lachance," over "Noémie", "(+1)" under the times.
      expect(fr).toContain('Lachance,');
      expect(fr.match(/22:00–06:00/g)).toHaveLength(2);
      expect(fr.match(/\(\+1\)/g)).toHaveLength(3);
      // Decimal hours (issue 26): the night's 9 h and the week's 17 h.
      expect(fr).toMatch(/\b9\s?h\b/);
      expect(fr).toMatch(/\b17\s?h\b/);
      expect(fr).toContain(
        '(+1) : fin le lendemain. Les heures de nuit comptent le jour où elles commencent.',
      );
      const en = pdfText((await call('GET', `/timesheets/${sheet.id}/pdf?language=en`)).rawPayload);
      expect(en).toContain('(+1): ends the next day. Night hours count on the day they start.');
    },
  );

  it('gives the 9 h as a number in the workbook, on Saturday', async () => {
    const response = await call('GET', `/timesheets/${sheet.id}/xlsx?language=fr`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const line = rows.find((row) => row[0] === 'Lachance, Noémie');
    expect(line?.slice(2)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      8,
      undefined,
      9,
      17,
      16,
      1,
      0,
    ]);
  });
});
