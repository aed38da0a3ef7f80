import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { auditLog, outbox, privacyIncidents } from '../../db/schema/index.ts';

const t = await buildTestApp();
const { app } = t;
let admin: Record<string, string>;
let adminEn: Record<string, string>;

beforeAll(async () => {
  admin = (await t.signedIn('admin')).headers;
  adminEn = (await t.signedIn('admin', { language: 'en' })).headers;
});

let counter = 0;
const unique = (text: string) => `${text} ${++counter}-${Math.random().toString(36).slice(2, 7)}`;

const officer = {
  name: 'Julie Tremblay',
  title: 'Directrice des opérations',
  email: 'Vie.Privee@Brigade.TEST',
  phone: '514 555-0199',
};

function incident(extra: Record<string, unknown> = {}) {
  return {
    occurredOn: '2026-11-02',
    discoveredOn: '2026-11-04',
    description: unique('Liste de paie envoyée au mauvais client'),
    personalInformation: 'Noms, numéros d’employé et heures travaillées',
    affectedCount: 12,
    affectedPeople: 'Les travailleurs du chantier Laval',
    seriousInjuryRisk: false,
    riskAssessment: 'Aucun renseignement de santé ni financier; le client a détruit le courriel.',
    commissionNotifiedOn: null,
    peopleNotifiedOn: '2026-11-05',
    measures: 'Adresses vérifiées avant chaque envoi.',
    ...extra,
  };
}

/** The fields a 400 names. */
const paths = (response: { json: () => { details: { fields: { path: string }[] } } }) =>
  response.json().details.fields.map((field) => field.path);

async function record(body: Record<string, unknown>) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/privacy-incidents',
    headers: admin,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('the person in charge of personal information', () => {
  it('is null until named, then public, audited and in the footer of e-mails in the recipient’s language', async () => {
    const before = await app.inject({ method: 'GET', url: '/api/privacy-officer' });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toBeNull();

    // Nobody named: an e-mail has no footer.
    const louise = await t.createUser({ email: 'louise.privacy@example.test', language: 'fr' });
    await app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: louise.email } });

    const put = await app.inject({
      method: 'PUT',
      url: '/api/privacy-officer',
      headers: admin,
      payload: officer,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      name: 'Julie Tremblay',
      title: 'Directrice des opérations',
      email: 'vie.privee@brigade.test',
      phone: '+15145550199',
    });
    const read = await app.inject({ method: 'GET', url: '/api/privacy-officer' });
    expect(read.json()).toMatchObject({ name: 'Julie Tremblay', email: 'vie.privee@brigade.test' });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'privacy_officer'));
    expect(audits.map((a) => a.action)).toEqual(['privacy_officer.create']);

    // Renamed: one row still, the change audited before and after.
    const renamed = await app.inject({
      method: 'PUT',
      url: '/api/privacy-officer',
      headers: admin,
      payload: { ...officer, title: 'Présidente' },
    });
    expect(renamed.json().title).toBe('Présidente');
    const after = await t.db.select().from(auditLog).where(eq(auditLog.action, 'privacy_officer.update'));
    expect(after).toHaveLength(1);
    expect(after[0]!.before).toMatchObject({ title: 'Directrice des opérations' });

    const kevin = await t.createUser({ email: 'kevin.privacy@example.test', language: 'en' });
    await app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: louise.email } });
    await app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: kevin.email } });
    const mails = await t.db.select().from(outbox).where(eq(outbox.channel, 'email'));
    const toLouise = mails.filter((m) => m.recipient === louise.email);
    expect(toLouise).toHaveLength(2);
    const [first, second] = toLouise.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(first!.body).not.toContain('renseignements personnels');
    expect(second!.body).toContain(
      'Protection des renseignements personnels : Julie Tremblay, Présidente — vie.privee@brigade.test — 514 555-0199',
    );
    const toKevin = mails.find((m) => m.recipient === kevin.email);
    expect(toKevin!.body).toContain(
      'Protection of personal information: Julie Tremblay, Présidente — vie.privee@brigade.test — 514 555-0199',
    );
  });

  it('refuses a contact missing a field, in the field’s name, and anyone but an admin', async () => {
    const missing = await app.inject({
      method: 'PUT',
      url: '/api/privacy-officer',
      headers: admin,
      payload: { ...officer, email: '', phone: 'abc' },
    });
    expect(missing.statusCode).toBe(400);
    expect(paths(missing).sort()).toEqual(['email', 'phone']);
    const anonymous = await app.inject({ method: 'PUT', url: '/api/privacy-officer', payload: officer });
    expect(anonymous.statusCode).toBe(401);
    const employee = (await t.signedIn('employee')).headers;
    const refused = await app.inject({
      method: 'PUT',
      url: '/api/privacy-officer',
      headers: employee,
      payload: officer,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('the register of confidentiality incidents', () => {
  it('records an incident, numbered, with who recorded it, audited', async () => {
    const created = await record(incident());
    expect(created).toMatchObject({
      occurredOn: '2026-11-02',
      discoveredOn: '2026-11-04',
      affectedCount: 12,
      seriousInjuryRisk: false,
      commissionNotifiedOn: null,
      peopleNotifiedOn: '2026-11-05',
    });
    expect(created.number).toBeGreaterThan(0);
    expect(created.recordedBy).toBeTruthy();
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'privacy_incident'), eq(auditLog.entityId, created.id)));
    expect(audit!.action).toBe('privacy_incident.create');
    const read = await app.inject({
      method: 'GET',
      url: `/api/privacy-incidents/${created.id}`,
      headers: admin,
    });
    expect(read.json()).toEqual(created);
  });

  it('changes an incident (every field), keeps it and audits before and after', async () => {
    const created = await record(incident());
    const changed = incident({
      description: created.description,
      seriousInjuryRisk: true,
      riskAssessment: 'Numéros d’assurance sociale visibles.',
      commissionNotifiedOn: '2026-11-06',
    });
    const put = await app.inject({
      method: 'PUT',
      url: `/api/privacy-incidents/${created.id}`,
      headers: admin,
      payload: changed,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      number: created.number,
      seriousInjuryRisk: true,
      commissionNotifiedOn: '2026-11-06',
    });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'privacy_incident'), eq(auditLog.entityId, created.id)));
    const update = audits.find((a) => a.action === 'privacy_incident.update');
    expect(update!.before).toMatchObject({ seriousInjuryRisk: false, commissionNotifiedOn: null });
    expect(update!.after).toMatchObject({ seriousInjuryRisk: true, commissionNotifiedOn: '2026-11-06' });
    // No deletion: the contract has none, and the route answers as for any unknown path.
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/privacy-incidents/${created.id}`,
      headers: admin,
    });
    expect(deleted.statusCode).toBe(404);
    expect(
      await t.db.select().from(privacyIncidents).where(eq(privacyIncidents.id, created.id)),
    ).toHaveLength(1);
  });

  it('refuses bad input field by field, a day known before the incident, and an unknown incident', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/privacy-incidents',
      headers: admin,
      payload: { occurredOn: 'hier', discoveredOn: '2026-11-01', description: '', affectedCount: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(paths(bad)).toEqual(
      expect.arrayContaining([
        'occurredOn',
        'description',
        'personalInformation',
        'affectedCount',
        'seriousInjuryRisk',
      ]),
    );
    const backwards = await app.inject({
      method: 'POST',
      url: '/api/privacy-incidents',
      headers: admin,
      payload: incident({ occurredOn: '2026-11-10', discoveredOn: '2026-11-01' }),
    });
    expect(backwards.statusCode).toBe(400);
    expect(paths(backwards)).toEqual(['discoveredOn']);
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/privacy-incidents/00000000-0000-4000-8000-000000000000',
      headers: admin,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
  });

  it('lists the register searched, filtered, sorted and paged', async () => {
    const word = `fuite${Math.random().toString(36).slice(2, 7)}`;
    const a = await record(incident({ description: `${word} courriel A`, occurredOn: '2026-10-01' }));
    const b = await record(
      incident({ description: `${word} courriel B`, occurredOn: '2026-11-01', seriousInjuryRisk: true }),
    );
    const list = async (query: string) =>
      (
        await app.inject({ method: 'GET', url: `/api/privacy-incidents?q=${word}&${query}`, headers: admin })
      ).json();
    const newest = await list('');
    expect(newest.total).toBe(2);
    expect(newest.items.map((i: { id: string }) => i.id)).toEqual([b.id, a.id]);
    const byDay = await list('sort=occurredOn&order=asc');
    expect(byDay.items.map((i: { id: string }) => i.id)).toEqual([a.id, b.id]);
    const serious = await list('seriousInjuryRisk=true');
    expect(serious.items.map((i: { id: string }) => i.id)).toEqual([b.id]);
    const paged = await list('pageSize=1&page=2');
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.items).toHaveLength(1);
    // Accents do not matter in the search.
    const accents = await app.inject({
      method: 'GET',
      url: `/api/privacy-incidents?q=${word}%20COURRIÉL`,
      headers: admin,
    });
    expect(accents.json().total).toBe(2);
  });

  it('exports the register as a workbook in the asker’s language, read back', async () => {
    const created = await record(incident({ seriousInjuryRisk: true, commissionNotifiedOn: null }));
    const read = async (headers: Record<string, string>, query = '') => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/privacy-incidents/export${query}`,
        headers,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      const rows: unknown[][] = [];
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return { rows, disposition: String(response.headers['content-disposition']) };
    };
    const fr = await read(admin);
    expect(fr.disposition).toContain('registre-incidents-confidentialite.xlsx');
    expect(fr.rows[0]).toEqual(['Registre des incidents de confidentialité']);
    expect(fr.rows[1]![1]).toBe("Date de l'incident");
    const line = fr.rows.find((row) => row[3] === created.description)!;
    expect(line[0]).toBe(created.number);
    expect(line.slice(7, 11)).toEqual(['Oui', created.riskAssessment, 'Non transmis', '2026-11-05']);
    const en = await read(adminEn);
    expect(en.disposition).toContain('confidentiality-incident-register.xlsx');
    expect(en.rows[1]![7]).toBe('Risk of serious injury');
    expect(en.rows.find((row) => row[3] === created.description)!.slice(7, 11)).toEqual([
      'Yes',
      created.riskAssessment,
      'Not sent',
      '2026-11-05',
    ]);
    const named = await read(adminEn, '?language=fr');
    expect(named.rows[0]).toEqual(['Registre des incidents de confidentialité']);
  });
});
