import { accentFold } from '@brigade/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clients, siteSupervisors, sites, users } from '../../db/schema/index.ts';
import { accentFreeSortKey } from '../../db/sort-key.ts';
import { addDays, companyToday } from '../../lib/calendar.ts';
import { siteSearchText, siteStatusIs } from '../../modules/sites/index.ts';

type Region = 'montreal' | 'quebec' | 'gatineau';
type Place = [street: string, city: string, postalCode: string, latitude: number, longitude: number];

/** Plausible addresses around the three regions the agency works in. */
const places: Record<Region, Place[]> = {
  montreal: [
    ['1000 rue De La Gauchetière Ouest', 'Montréal', 'H3B 4W5', 45.4988, -73.566],
    ['3500 boulevard Saint-Laurent', 'Montréal', 'H2X 2V1', 45.514, -73.5727],
    ['4545 avenue Pierre-De Coubertin', 'Montréal', 'H1V 0B2', 45.558, -73.5515],
    ['2100 rue Sainte-Catherine Ouest', 'Montréal', 'H3H 1M6', 45.4905, -73.5805],
    ['6700 rue Saint-Denis', 'Montréal', 'H2S 2S2', 45.5375, -73.604],
    ['8000 boulevard Langelier', 'Montréal', 'H1P 3K2', 45.592, -73.595],
    ['5400 boulevard Gouin Ouest', 'Montréal', 'H4J 1C4', 45.53, -73.718],
    ['1600 boulevard Le Corbusier', 'Laval', 'H7S 1Y9', 45.56, -73.72],
    ['3000 boulevard Daniel-Johnson', 'Laval', 'H7P 5Z7', 45.572, -73.746],
    ['825 rue Saint-Laurent Ouest', 'Longueuil', 'J4K 2V1', 45.537, -73.511],
    ['2200 boulevard Lapinière', 'Brossard', 'J4W 1M1', 45.457, -73.46],
    ['7600 boulevard Viau', 'Montréal', 'H1S 2P3', 45.58, -73.576],
    ['1455 boulevard De Maisonneuve Ouest', 'Montréal', 'H3G 1M8', 45.497, -73.579],
    ['100 boulevard Marcel-Laurin', 'Montréal', 'H4N 2M3', 45.513, -73.679],
    ['3 Place du Commerce', 'Montréal', 'H3E 1H7', 45.469, -73.546],
    ['11000 boulevard Rolland', 'Montréal', 'H1G 3T5', 45.602, -73.621],
  ],
  quebec: [
    ['1000 boulevard Lebourgneuf', 'Québec', 'G2J 1G2', 46.833, -71.289],
    ['2828 boulevard Laurier', 'Québec', 'G1V 0B9', 46.771, -71.292],
    ['550 boulevard Charest Est', 'Québec', 'G1K 3J3', 46.813, -71.221],
    ['1200 avenue Maguire', 'Québec', 'G1T 1Z3', 46.785, -71.262],
    ['5401 boulevard des Galeries', 'Québec', 'G2K 1N4', 46.829, -71.296],
    ['250 boulevard Wilfrid-Hamel', 'Québec', 'G1L 5A7', 46.822, -71.239],
    ['1500 boulevard Louis-XIV', 'Québec', 'G2L 1M2', 46.861, -71.254],
    ['5700 boulevard Guillaume-Couture', 'Lévis', 'G6V 4Z2', 46.803, -71.182],
    ['900 rue Saint-Jean', 'Québec', 'G1R 1R9', 46.81, -71.217],
  ],
  gatineau: [
    ['25 rue Laurier', 'Gatineau', 'J8X 4C8', 45.429, -75.714],
    ['1100 boulevard Maloney Ouest', 'Gatineau', 'J8T 6G3', 45.488, -75.682],
    ['500 boulevard de la Gappe', 'Gatineau', 'J8T 8A8', 45.498, -75.66],
    ['920 boulevard Saint-Joseph', 'Gatineau', 'J8Z 1S9', 45.46, -75.748],
    ['180 rue Principale', 'Gatineau', 'J9H 3N1', 45.395, -75.846],
    ['1500 rue Atmec', 'Gatineau', 'J8P 7G7', 45.487, -75.626],
    ['75 boulevard Gréber', 'Gatineau', 'J8T 3P7', 45.473, -75.7],
    ['144 boulevard de l’Hôpital', 'Gatineau', 'J8T 7S7', 45.488, -75.647],
  ],
};

const regionOf = (city: string | null): Region =>
  city && ['Québec', 'Lévis'].includes(city)
    ? 'quebec'
    : city && ['Gatineau', 'Ottawa'].includes(city)
      ? 'gatineau'
      : 'montreal';

const frenchNames = [
  'Tour résidentielle Le Quartz',
  'Agrandissement école des Érables',
  'Réfection toiture CHSLD Saint-Joseph',
  'Condos Le Riverain',
  'Centre sportif régional',
  'Entrepôt frigorifique Nord',
  'Clinique médicale des Pins',
  'Stationnement étagé Phase 2',
  'Rénovation bibliothèque municipale',
  'Usine de traitement — bassin B',
  'Complexe locatif Les Jardins',
  'Caserne de pompiers no 5',
];
const englishNames = [
  'Harbour Lofts',
  'Warehouse 7 Expansion',
  'Riverside Medical Building',
  'Maple Court Townhouses',
  'Central Station Retrofit',
  'Parkview Condominiums',
];

const adminContacts: [string, string][] = [
  ['Sophie Tremblay', 'heures'],
  ['Karine Lapointe', 'paie'],
  ['Daniel Ross', 'payroll'],
];

/** Start/end dates relative to today, so that every demo shows active, ended and upcoming sites. */
const schedules: [start: number, end: number | null][] = [
  [-120, 90],
  [-30, null],
  [-200, -15],
  [20, 200],
  [-60, 30],
  [-400, -100],
];

/** Sites per client: three, and a fourth for every third client, so the 18 active demo clients have 60. */
const siteCountOf = (activeClientIndex: number) => (activeClientIndex % 3 === 0 ? 4 : 3);

/**
 * Demo sites: three or four per active client with supervisors (sixty for the eighteen active demo
 * clients; archived clients have none), each with one or two of its client's supervisors. Each
 * site and its supervisor links are written in one transaction. Idempotent by (client, name). The
 * demo supervisor sign-in supervises the first site of his client.
 */
export async function seedSites(db: Db): Promise<void> {
  const today = companyToday();
  const allClients = await db.select().from(clients).orderBy(asc(clients.name));
  const supervisorsByClient = new Map<string, { id: string; email: string | null }[]>();
  const supervisorRows = await db
    .select({ id: users.id, email: users.email, clientId: users.clientId })
    .from(users)
    .where(and(eq(users.role, 'supervisor'), eq(users.active, true)))
    .orderBy(asc(users.lastName), asc(users.firstName));
  for (const row of supervisorRows) {
    if (!row.clientId) continue;
    supervisorsByClient.set(row.clientId, [...(supervisorsByClient.get(row.clientId) ?? []), row]);
  }
  const demoSupervisor = supervisorRows.find((row) => row.email === 'superviseur@demo.brigade.test');

  let counter = 0;
  let activeClientIndex = 0;
  for (const [clientIndex, client] of allClients.entries()) {
    const supervisors = supervisorsByClient.get(client.id);
    if (!client.active || !supervisors?.length) continue;
    const region = regionOf(client.city);
    const names = client.language === 'en' ? englishNames : frenchNames;
    const existing = new Set(
      (
        await db
          .select({ key: accentFreeSortKey(sites.name) })
          .from(sites)
          .where(eq(sites.clientId, client.id))
      ).map((row) => row.key),
    );
    const siteCount = siteCountOf(activeClientIndex++);
    for (let k = 0; k < siteCount; k++) {
      counter++;
      const name = names[(clientIndex * 3 + k) % names.length]!;
      if (existing.has(accentFold(name))) continue;
      const place = places[region][(clientIndex * 3 + k) % places[region].length]!;
      const [start, end] = schedules[(clientIndex + k) % schedules.length]!;
      const [adminName, mailbox] = adminContacts[(clientIndex + k) % adminContacts.length]!;
      const domain = client.email?.split('@')[1];
      const values = {
        name,
        street: place[0],
        city: place[1],
        province: 'QC' as const,
        postalCode: place[2],
        po: `PO-${24_100 + clientIndex * 31 + k * 7}`,
        jobNumber: `J-${2024 + (k % 2)}-${String(100 + counter).padStart(4, '0')}`,
      };
      const chosen = new Set([supervisors[k % supervisors.length]!.id]);
      if (k % 2 === 0 && supervisors.length > 1) chosen.add(supervisors[(k + 1) % supervisors.length]!.id);
      await db.transaction(async (tx) => {
        const [site] = await tx
          .insert(sites)
          .values({
            ...values,
            clientId: client.id,
            // A few metres apart so that two sites at one address stay distinct on the map.
            latitude: Number((place[3] + k * 0.0007).toFixed(5)),
            longitude: Number((place[4] - k * 0.0009).toFixed(5)),
            type: (['aucun', 'contract', 'gestion'] as const)[(clientIndex + k) % 3],
            adminHoursName: domain ? adminName : null,
            adminHoursEmail: domain ? `${mailbox}@${domain}` : null,
            startDate: addDays(today, start),
            endDate: end === null ? null : addDays(today, end),
            comments: k === 0 ? 'Accès par la porte 3; bottes et casque obligatoires.' : null,
            archived: clientIndex % 7 === 3 && k === 2,
            searchText: siteSearchText(values, client.name),
          })
          .returning({ id: sites.id });
        await tx
          .insert(siteSupervisors)
          .values([...chosen].map((supervisorId) => ({ siteId: site!.id, supervisorId })));
      });
    }
  }

  // The demo supervisor must have a site to look at: the first active one of his client.
  if (demoSupervisor) {
    const [supervised] = await db
      .select({ siteId: siteSupervisors.siteId })
      .from(siteSupervisors)
      .where(eq(siteSupervisors.supervisorId, demoSupervisor.id))
      .limit(1);
    const [me] = await db
      .select({ clientId: users.clientId })
      .from(users)
      .where(eq(users.id, demoSupervisor.id));
    if (!supervised && me?.clientId) {
      const [first] = await db
        .select({ id: sites.id })
        .from(sites)
        .where(and(eq(sites.clientId, me.clientId), siteStatusIs('active', today)))
        .orderBy(asc(sites.startDate))
        .limit(1);
      if (first)
        await db.insert(siteSupervisors).values({ siteId: first.id, supervisorId: demoSupervisor.id });
    }
  }
}
