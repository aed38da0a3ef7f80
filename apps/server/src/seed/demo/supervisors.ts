import { normalizeForSearch } from '@brigade/shared';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clients, users } from '../../db/schema/index.ts';
import { supervisorSearchText } from '../../modules/users/index.ts';

/** The client the demo sign-in superviseur@demo.brigade.test works for. */
export const demoSupervisorClientName = 'Construction Bérubé & Fils';
const demoSupervisorEmail = 'superviseur@demo.brigade.test';

/** Site foremen: French and English names, Québec mobile numbers, each one's language. */
const people: [firstName: string, lastName: string, phone: string | null, language: 'fr' | 'en'][] = [
  ['Sébastien', 'Gagnon', '+15145550201', 'fr'],
  ['Marie-Ève', 'Bouchard', '+14385550202', 'fr'],
  ['François', 'Lévesque', '+14185550203', 'fr'],
  ['Josée', 'Bélanger', '+15815550204', 'fr'],
  ['Réjean', 'Pelletier', '+18195550205', 'fr'],
  ['Geneviève', 'Côté', '+18735550206', 'fr'],
  ['Mathieu', 'Thériault', '+15145550207', 'fr'],
  ['Noémie', 'Dubé', '+14385550208', 'fr'],
  ['Jérémie', 'Gauthier', '+14185550209', 'fr'],
  ['Andréanne', 'Morin', '+15815550210', 'fr'],
  ['Benoît', 'Lachance', '+18195550211', 'fr'],
  ['Chloé', 'Ouellet', '+18735550212', 'fr'],
  ['Stéphane', 'Fortin', '+15145550213', 'fr'],
  ['Valérie', 'Boucher', '+14385550214', 'fr'],
  ['Frédéric', 'Paquette', '+14185550215', 'fr'],
  ['Mélanie', 'Caron', '+15815550216', 'fr'],
  ['Éric', 'Simard', '+18195550217', 'fr'],
  ['Hélène', 'Roy', '+18735550218', 'fr'],
  ['Luc', 'Beaulieu', '+15145550219', 'fr'],
  ['Anne-Sophie', 'Girard', null, 'fr'],
  ['Michael', "O'Brien", '+15145550221', 'en'],
  ['Sarah', 'Thompson', '+14385550222', 'en'],
  ['David', 'MacDonald', '+18195550223', 'en'],
  ['Jennifer', 'Campbell', '+18735550224', 'en'],
  ['Kevin', 'Murphy', '+15145550225', 'en'],
  ['Emily', 'Wilson', '+14385550226', 'en'],
  ['Patrick', 'Sullivan', '+15815550227', 'en'],
  ['Rachel', 'Stewart', null, 'en'],
  ['Jonathan', 'Smith-Tremblay', '+18195550229', 'en'],
  ['Laura', 'Bergeron-Hall', '+14185550230', 'en'],
];

/** "Construction Bérubé & Fils" → "berube-fils.ca": a plausible company domain. */
function domainOf(clientName: string): string {
  const skip = new Set([
    'construction',
    'constructions',
    'inc',
    'ltee',
    'ltd',
    'les',
    'de',
    'du',
    'des',
    'et',
    'and',
    'the',
    'la',
    'le',
  ]);
  const words = normalizeForSearch(clientName)
    .replace(/[^a-z0-9 ]/g, ' ')
    .split(' ')
    .filter((word) => word && !skip.has(word));
  return `${(words.slice(0, 2).join('-') || 'client').slice(0, 40)}.ca`;
}

function localPart(firstName: string, lastName: string): string {
  return normalizeForSearch(`${firstName}.${lastName}`)
    .replace(/[^a-z0-9.-]/g, '')
    .replace(/\.+/g, '.');
}

/**
 * Demo supervisors: 30 foremen spread over the demo clients, and the demo sign-in attached to
 * Construction Bérubé & Fils. Idempotent by e-mail (and by the e-mail's name part, should the
 * client list change between runs). Seeded accounts have no password: they would be invited.
 */
export async function seedSupervisors(db: Db): Promise<void> {
  let [berube] = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(sql`lower(${clients.name}) = lower(${demoSupervisorClientName})`);
  if (!berube) {
    // seedClients normally creates it; make sure the demo sign-in has a client anyway.
    await db
      .insert(clients)
      .values({
        name: demoSupervisorClientName,
        city: 'Québec',
        province: 'QC',
        searchText: normalizeForSearch(`${demoSupervisorClientName} Québec`),
      })
      .onConflictDoNothing();
    [berube] = await db
      .select({ id: clients.id, name: clients.name })
      .from(clients)
      .where(sql`lower(${clients.name}) = lower(${demoSupervisorClientName})`);
  }

  const [demo] = await db.select().from(users).where(eq(users.email, demoSupervisorEmail));
  if (demo && berube && demo.clientId !== berube.id) {
    await db
      .update(users)
      .set({
        clientId: berube.id,
        searchText: supervisorSearchText(demo, berube.name),
        updatedAt: new Date(),
      })
      .where(eq(users.id, demo.id));
  }

  const clientRows = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(eq(clients.active, true))
    .orderBy(asc(clients.name));
  if (clientRows.length === 0) return;

  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'supervisor'), like(users.email, '%@%')));
  const taken = new Set(existing.map((row) => row.email?.split('@')[0]));

  const rows = people.flatMap(([firstName, lastName, phone, language], index) => {
    const local = localPart(firstName, lastName);
    if (taken.has(local)) return [];
    const client = clientRows[index % clientRows.length]!;
    const person = { firstName, lastName, email: `${local}@${domainOf(client.name)}`, phone };
    return [
      {
        ...person,
        role: 'supervisor' as const,
        language,
        clientId: client.id,
        passwordHash: null,
        searchText: supervisorSearchText(person, client.name),
      },
    ];
  });
  if (rows.length > 0) await db.insert(users).values(rows).onConflictDoNothing();
}
