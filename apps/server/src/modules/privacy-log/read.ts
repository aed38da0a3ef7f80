import type { PersonPrivacy } from '@brigade/shared/privacy-log';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accessLog, applicants, smsConsentEvents, smsOptOuts, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { readAll } from '../../lib/executor.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { privacyLogPolicy } from './policy.ts';
import type { SubjectKind } from './record-access.ts';

/** How many accesses the page lists (the latest); the total says how many there are. */
const accessShown = 50;

/** The person's mobile: an applicant's own record, an account's otherwise. 404 if the person is not of that kind. */
async function phoneOf(db: Db, kind: SubjectKind, id: string): Promise<string | null> {
  if (kind === 'applicant') {
    const [row] = await db.select({ phone: applicants.phone }).from(applicants).where(eq(applicants.id, id));
    if (!row) throw notFound('Applicant');
    return row.phone;
  }
  const [row] = await db
    .select({ phone: users.phone })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, kind)));
  if (!row) throw notFound(kind === 'employee' ? 'Employee' : 'Supervisor');
  return row.phone;
}

/** A person's texting consent history and who opened their sensitive records (issue 30, points 4 and 7). */
export async function personPrivacy(
  db: Db,
  actor: Actor,
  kind: SubjectKind,
  id: string,
): Promise<PersonPrivacy> {
  authorize(actor, privacyLogPolicy.read);
  const phone = await phoneOf(db, kind, id);
  const [optOut, events, access, [total]] = await readAll(db, [
    () =>
      phone
        ? db.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(eq(smsOptOuts.phone, phone))
        : Promise.resolve([]),
    () =>
      phone
        ? db
            .select()
            .from(smsConsentEvents)
            .where(eq(smsConsentEvents.phone, phone))
            .orderBy(desc(smsConsentEvents.at), desc(smsConsentEvents.id))
        : Promise.resolve([]),
    () =>
      db
        .select({
          what: accessLog.what,
          at: accessLog.at,
          actorId: accessLog.actorId,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(accessLog)
        .leftJoin(users, eq(users.id, accessLog.actorId))
        .where(eq(accessLog.subjectId, id))
        .orderBy(desc(accessLog.at), desc(accessLog.id))
        .limit(accessShown),
    () => db.select({ total: count() }).from(accessLog).where(eq(accessLog.subjectId, id)),
  ]);
  return {
    phone,
    sms: {
      optedOut: optOut.length > 0,
      events: events.map((event) => ({
        kind: event.kind,
        keyword: event.keyword,
        source: event.source,
        at: event.at.toISOString(),
      })),
    },
    access: access.map((entry) => ({
      what: entry.what,
      at: entry.at.toISOString(),
      actor:
        entry.actorId && entry.firstName !== null
          ? { id: entry.actorId, firstName: entry.firstName, lastName: entry.lastName ?? '' }
          : null,
    })),
    accessTotal: total?.total ?? 0,
  };
}
