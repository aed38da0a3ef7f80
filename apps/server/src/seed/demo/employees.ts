import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { employeeSkills, employees, employeeTools, skills, tools, users } from '../../db/schema/index.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';
import { readAll } from '../../lib/executor.ts';
import { employeeSearchText } from '../../modules/users/index.ts';
import { cities, englishFirst, englishLast, frenchFirst, frenchLast, statuses, streets } from './people.ts';
import { random } from './random.ts';

function ascii(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z-]/g, '')
    .toLowerCase();
}

interface CatalogItem {
  id: string;
  expirable: boolean;
}

/** One demo worker, always the same for the same number (so the demo and the large seed agree). */
export function demoEmployee(
  n: number,
  catalog: { skills: CatalogItem[]; tools: { id: string }[] },
  today: string,
) {
  const r = random(n * 7919);
  const english = r.next() < 0.25;
  const firstName = r.pick(english ? englishFirst : frenchFirst);
  const lastName = r.pick(english && r.next() < 0.7 ? englishLast : frenchLast);
  const [city, province, areaCodes, postalPrefixes] = r.pick(cities);
  // A mobile is one active person's: each worker's line follows their number — 555-0300 to 0999,
  // then 556…, apart from the sign-ins' (0100…), the supervisors' (0201…), the applicants' (3000…)
  // and the numbers browser tests make (1000 and up). The draw it once used is still made, so every
  // other field stays what it was.
  const areaCode = r.pick(areaCodes);
  r.int(0, 9999);
  const rank = n >= 10_001 ? n - 10_001 : n;
  const exchange = 555 + Math.floor(rank / 700);
  const phone = `+1${areaCode}${exchange}${String(300 + (rank % 700)).padStart(4, '0')}`;
  const employeeNumber = `E-${n}`;
  const email = r.next() < 0.4 ? `${ascii(firstName)}.${ascii(lastName)}.${n}@courriel.example` : null;
  const roll = r.next();
  let cumulative = 0;
  const status =
    statuses.find(([, share]) => {
      cumulative += share;
      return roll < cumulative;
    })?.[0] ?? 'disponible';
  const letters = 'ABCEGHJKLMNPRSTVWXYZ';
  const postalCode = `${r.pick(postalPrefixes)} ${r.int(1, 9)}${letters[r.int(0, letters.length - 1)]}${r.int(0, 9)}`;

  const held = new Map<string, { skillId: string; obtainedOn: string | null; expiresOn: string | null }>();
  const skillCount = catalog.skills.length ? Math.min(r.int(2, 6), catalog.skills.length) : 0;
  while (held.size < skillCount) {
    const skill = r.pick(catalog.skills);
    if (held.has(skill.id)) continue;
    if (skill.expirable) {
      // Mostly valid certificates; some expiring within a month, some expired.
      const kind = r.next();
      const expiresOn =
        kind < 0.1
          ? addDays(today, -r.int(1, 200))
          : kind < 0.22
            ? addDays(today, r.int(0, 30))
            : addDays(today, r.int(31, 900));
      held.set(skill.id, { skillId: skill.id, obtainedOn: addDays(expiresOn, -3 * 365), expiresOn });
    } else {
      held.set(skill.id, {
        skillId: skill.id,
        obtainedOn: addDays(today, -r.int(60, 6000)),
        expiresOn: null,
      });
    }
  }
  const owned = new Set<string>();
  const toolCount = catalog.tools.length ? Math.min(r.int(1, 4), catalog.tools.length) : 0;
  while (owned.size < toolCount) owned.add(r.pick(catalog.tools).id);

  return {
    user: {
      firstName,
      lastName,
      email,
      phone,
      role: 'employee' as const,
      language: english ? ('en' as const) : ('fr' as const),
      active: status !== 'termine',
      passwordHash: null,
      searchText: employeeSearchText({ firstName, lastName, employeeNumber, email, phone, city }),
    },
    employee: {
      employeeNumber,
      street: `${r.int(10, 9999)}, ${r.pick(streets)}`,
      city,
      province,
      postalCode,
      status,
      fearOfHeights: r.next() < 0.1,
      warrantyUntil: r.next() < 0.4 ? addDays(today, r.int(-60, 120)) : null,
      notes:
        r.next() < 0.15
          ? r.pick([
              'Préfère les chantiers de jour.',
              'Disponible les fins de semaine.',
              'Has own truck.',
              'Parle anglais et français.',
              'Ne conduit pas.',
            ])
          : null,
    },
    skills: [...held.values()],
    toolIds: [...owned],
  };
}

async function loadCatalog(db: Executor) {
  const [skillRows, toolRows] = await readAll(db, [
    () =>
      db
        .select({ id: skills.id, expirable: skills.expirable })
        .from(skills)
        .where(eq(skills.active, true))
        .orderBy(skills.nameFr),
    () => db.select({ id: tools.id }).from(tools).where(eq(tools.active, true)).orderBy(tools.nameFr),
  ]);
  return { skills: skillRows, tools: toolRows };
}

/**
 * Inserts the workers numbered `from`… that do not exist yet (by employee number), until `count`
 * numbers were looked at or `limit` were added. Multi-row inserts, `batchSize` workers at a time.
 * Returns how many were added.
 */
export async function insertDemoEmployees(
  db: Db,
  options: { from: number; count?: number; limit?: number; batchSize?: number },
): Promise<number> {
  const catalog = await loadCatalog(db);
  const today = companyToday();
  const existing = new Set(
    (await db.select({ number: sql<string>`lower(${employees.employeeNumber})` }).from(employees)).map(
      (r) => r.number,
    ),
  );
  const batchSize = options.batchSize ?? 500;
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const last = options.count ? options.from + options.count - 1 : Number.POSITIVE_INFINITY;
  let added = 0;
  let n = options.from;
  while (added < limit && n <= last) {
    const batch: ReturnType<typeof demoEmployee>[] = [];
    while (batch.length < batchSize && added + batch.length < limit && n <= last) {
      if (!existing.has(`e-${n}`)) batch.push(demoEmployee(n, catalog, today));
      n++;
    }
    if (batch.length === 0) break;
    await db.transaction(async (tx) => {
      const created = await tx
        .insert(users)
        .values(batch.map((b) => b.user))
        .returning({ id: users.id });
      await tx.insert(employees).values(batch.map((b, i) => ({ userId: created[i]!.id, ...b.employee })));
      const heldSkills = batch.flatMap((b, i) => b.skills.map((s) => ({ employeeId: created[i]!.id, ...s })));
      if (heldSkills.length) await tx.insert(employeeSkills).values(heldSkills);
      const ownedTools = batch.flatMap((b, i) =>
        b.toolIds.map((toolId) => ({ employeeId: created[i]!.id, toolId })),
      );
      if (ownedTools.length) await tx.insert(employeeTools).values(ownedTools);
    });
    added += batch.length;
  }
  return added;
}

/** Demo employees: 300 workers (E-10001…E-10300) and the demo sign-in's employee record (E-10000). Idempotent. */
export async function seedEmployees(db: Db): Promise<void> {
  const added = await insertDemoEmployees(db, { from: 10001, count: 300, batchSize: 300 });
  // The embedded database has no autovacuum: give the planner statistics after a bulk insert.
  if (added > 0) await db.execute(sql`analyze users, employees, employee_skills, employee_tools`);

  const [demo] = await db
    .select({
      id: users.id,
      employeeId: employees.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
    })
    .from(users)
    .leftJoin(employees, eq(employees.userId, users.id))
    .where(and(eq(users.email, 'employe@demo.brigade.test'), eq(users.role, 'employee')));
  if (!demo || demo.employeeId) return;
  const [taken] = await db
    .select({ id: employees.userId })
    .from(employees)
    .where(sql`lower(${employees.employeeNumber}) = 'e-10000'`);
  if (taken) return;
  const today = companyToday();
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ searchText: employeeSearchText({ ...demo, employeeNumber: 'E-10000', city: 'Montréal' }) })
      .where(eq(users.id, demo.id));
    await tx.insert(employees).values({
      userId: demo.id,
      employeeNumber: 'E-10000',
      street: '4520, rue Saint-Denis',
      city: 'Montréal',
      province: 'QC',
      postalCode: 'H2J 2L3',
      status: 'assigne',
      warrantyUntil: addDays(today, 45),
      notes: 'Compte de démonstration.',
    });
    const catalog = await loadCatalog(tx);
    const expirable = catalog.skills.filter((s) => s.expirable).slice(0, 2);
    const permanent = catalog.skills.filter((s) => !s.expirable).slice(0, 2);
    const held = [
      ...permanent.map((s) => ({
        employeeId: demo.id,
        skillId: s.id,
        obtainedOn: addDays(today, -2000),
        expiresOn: null,
      })),
      ...expirable.map((s, i) => ({
        employeeId: demo.id,
        skillId: s.id,
        obtainedOn: addDays(today, -1000),
        expiresOn: addDays(today, i === 0 ? 20 : 400),
      })),
    ];
    if (held.length) await tx.insert(employeeSkills).values(held);
    if (catalog.tools.length) {
      await tx
        .insert(employeeTools)
        .values(catalog.tools.slice(0, 2).map((t) => ({ employeeId: demo.id, toolId: t.id })));
    }
  });
}
