import type { AbsenceType } from '@brigade/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { absences, clients, employees, sites, users } from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';
import { random } from './random.ts';

/** How long each kind of absence lasts (days, inclusive), and how often it happens. */
const kinds: {
  type: Exclude<AbsenceType, 'blacklist'>;
  weight: number;
  days: [number, number];
  reasons: string[];
}[] = [
  {
    type: 'sick',
    weight: 34,
    days: [1, 4],
    reasons: ['Grippe', 'Gastro', 'Mal de dos', 'Rendez-vous médical', 'Flu'],
  },
  { type: 'vacation', weight: 22, days: [5, 12], reasons: ['Vacances en famille', 'Voyage', 'Vacation'] },
  {
    type: 'personal',
    weight: 16,
    days: [1, 1],
    reasons: ['Rendez-vous notaire', 'Déménagement', 'Garde des enfants', 'Court date'],
  },
  {
    type: 'work_accident',
    weight: 6,
    days: [10, 35],
    reasons: ['Entorse à la cheville (CNESST)', 'Coupure à la main', 'Back injury'],
  },
  {
    type: 'training',
    weight: 12,
    days: [1, 3],
    reasons: ['ASP Construction', 'Travail en hauteur', 'SIMDUT', 'Nacelle'],
  },
  {
    type: 'preventive_withdrawal',
    weight: 3,
    days: [30, 60],
    reasons: ['Retrait préventif de la travailleuse enceinte'],
  },
  { type: 'other', weight: 7, days: [1, 2], reasons: ['Funérailles', 'Jury', 'Panne de voiture'] },
];
const blacklistReasons = [
  'Plainte du contremaître : retards répétés',
  'Conflit avec l’équipe du client',
  'Non-respect des consignes de sécurité',
  'Client refuses to have him back',
  'Absences sans avis',
];

/**
 * Absences over the two months before and after today (about 5 % of the workers away on a given
 * day: sick days, vacations, training, a few long CNESST leaves…, some for part of a day), a dozen
 * blacklists, and the demo sign-in's own vacation. Written once: a database with absences keeps them.
 */
export async function seedAbsences(db: Db): Promise<void> {
  const [existing] = await db.select({ id: absences.id }).from(absences).limit(1);
  if (existing) return;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'admin@demo.brigade.test'));
  const workers = await db
    .select({ id: employees.userId, email: users.email })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(users.active, true))
    .orderBy(employees.employeeNumber);
  if (!workers.length) return;
  const r = random(2609);
  const today = companyToday();
  const first = addDays(today, -61);
  const windowDays = 122;
  const target = Math.round(workers.length * windowDays * 0.05);
  const taken = new Map<string, [string, string][]>();
  const rows: (typeof absences.$inferInsert)[] = [];
  const totalWeight = kinds.reduce((sum, kind) => sum + kind.weight, 0);
  const pickKind = () => {
    let roll = r.next() * totalWeight;
    for (const kind of kinds) {
      roll -= kind.weight;
      if (roll < 0) return kind;
    }
    return kinds[0] as (typeof kinds)[number];
  };

  const place = (employeeId: string, kind: (typeof kinds)[number], startsOn: string, length: number) => {
    const endsOn = addDays(startsOn, length - 1);
    const periods = taken.get(employeeId) ?? [];
    if (periods.some(([start, end]) => start <= endsOn && end >= startsOn)) return 0;
    periods.push([startsOn, endsOn]);
    taken.set(employeeId, periods);
    const partDay = length === 1 && (kind.type === 'personal' || kind.type === 'sick') && r.next() < 0.35;
    const from = r.pick([7, 8, 9, 13]) * 60;
    rows.push({
      employeeId,
      type: kind.type,
      startsOn,
      endsOn,
      fromMinute: partDay ? from : null,
      toMinute: partDay ? from + r.pick([90, 120, 180]) : null,
      reason: r.next() < 0.8 ? r.pick(kind.reasons) : null,
      createdBy: admin?.id ?? null,
      createdAt: new Date(`${addDays(startsOn, -r.int(0, 10))}T13:00:00Z`),
    });
    return length;
  };

  // The demo employee's own: a vacation last month and training coming up.
  const demo = workers.find((worker) => worker.email === 'employe@demo.brigade.test');
  if (demo) {
    place(demo.id, kinds[1] as (typeof kinds)[number], addDays(today, -40), 5);
    place(demo.id, kinds[4] as (typeof kinds)[number], addDays(today, 9), 2);
  }
  let personDays = 0;
  for (let attempt = 0; personDays < target && attempt < target * 4; attempt++) {
    const worker = r.pick(workers);
    const kind = pickKind();
    const length = r.int(kind.days[0], kind.days[1]);
    personDays += place(worker.id, kind, addDays(first, r.int(-length + 1, windowDays - 1)), length);
  }

  const clientSites = await db
    .select({ clientId: clients.id, siteId: sites.id })
    .from(clients)
    .innerJoin(sites, eq(sites.clientId, clients.id))
    .where(and(eq(clients.active, true)));
  for (let index = 0; index < 12 && clientSites.length; index++) {
    const worker = r.pick(workers);
    const { clientId, siteId } = r.pick(clientSites);
    rows.push({
      employeeId: worker.id,
      type: 'blacklist',
      startsOn: addDays(today, -r.int(20, 700)),
      endsOn: null,
      clientId,
      siteId: index % 3 === 0 ? siteId : null,
      reason: r.pick(blacklistReasons),
      createdBy: admin?.id ?? null,
    });
  }
  await db.transaction(async (tx) => {
    for (let index = 0; index < rows.length; index += 500) {
      await tx.insert(absences).values(rows.slice(index, index + 500));
    }
  });
}
