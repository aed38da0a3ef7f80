import { accentFold, type Province } from '@brigade/shared';
import type { Db } from '../../db/client.ts';
import { clients } from '../../db/schema/index.ts';
import { accentFreeSortKey } from '../../db/sort-key.ts';
import { clientSearchText } from '../../modules/clients/index.ts';

interface DemoClient {
  name: string;
  phone: string | null;
  email: string | null;
  street: string;
  city: string;
  province?: Province;
  postalCode: string | null;
  language: 'fr' | 'en';
  notes?: string;
  active?: boolean;
}

/** Québec construction companies (invented), French and English, with a couple of archived ones. */
export const demoClients: DemoClient[] = [
  {
    name: 'Construction Bérubé & Fils',
    phone: '+15145551001',
    email: 'info@berube-fils.ca',
    street: '4820 rue Jarry Est',
    city: 'Montréal',
    postalCode: 'H1R 1Y1',
    language: 'fr',
    notes: 'Client depuis 2009. Factures mensuelles, heures approuvées le lundi.',
  },
  {
    name: 'Les Entreprises Gagnon-Pelletier',
    phone: '+14185551002',
    email: 'administration@gagnon-pelletier.ca',
    street: '2750 boulevard Wilfrid-Hamel',
    city: 'Québec',
    postalCode: 'G1P 2J1',
    language: 'fr',
  },
  {
    name: 'Pomerand Construction',
    phone: '+15145551003',
    email: 'chantiers@pomerand.ca',
    street: '500 rue Saint-Jacques',
    city: 'Montréal',
    postalCode: 'H2Y 1S1',
    language: 'fr',
    notes: 'Grands projets institutionnels. Exiger les cartes ASP à jour.',
  },
  {
    name: 'Northline Builders',
    phone: '+18195551004',
    email: 'office@northline.ca',
    street: '85 rue Jean-Proulx',
    city: 'Gatineau',
    postalCode: 'J8Z 1W2',
    language: 'en',
  },
  {
    name: 'Groupe Lévesque Bâtiment',
    phone: '+14505551005',
    email: 'contact@levesque-batiment.ca',
    street: '1800 boulevard Le Corbusier',
    city: 'Laval',
    postalCode: 'H7S 2K1',
    language: 'fr',
  },
  {
    name: 'Béton Thériault inc.',
    phone: '+14185551006',
    email: 'repartition@betontheriault.ca',
    street: '915 rue des Rocailles',
    city: 'Québec',
    postalCode: 'G2J 1A1',
    language: 'fr',
  },
  {
    name: 'Toitures Côté & Associés',
    phone: '+15145551007',
    email: null,
    street: '3325 rue Hochelaga',
    city: 'Montréal',
    postalCode: 'H1W 1G6',
    language: 'fr',
  },
  {
    name: 'Ottawa Valley Contracting',
    phone: '+16135551008',
    email: 'dispatch@ovcontracting.ca',
    street: '1200 Bank Street',
    city: 'Ottawa',
    province: 'ON',
    postalCode: 'K1S 3Y1',
    language: 'en',
    notes: 'Works on both sides of the river; Gatineau sites only through us.',
  },
  {
    name: 'Excavation Bouchard ltée',
    phone: '+14505551009',
    email: 'info@excavationbouchard.ca',
    street: '260 chemin de Chambly',
    city: 'Longueuil',
    postalCode: 'J4H 3L7',
    language: 'fr',
  },
  {
    name: 'Maçonnerie Saint-Laurent',
    phone: '+15145551010',
    email: 'soumissions@maconnerie-stl.ca',
    street: '7400 boulevard Saint-Laurent',
    city: 'Montréal',
    postalCode: 'H2R 1W9',
    language: 'fr',
  },
  {
    name: 'Harbourview Developments',
    phone: '+15145551011',
    email: 'projects@harbourview.ca',
    street: '1250 René-Lévesque Blvd West',
    city: 'Montréal',
    postalCode: 'H3B 4W8',
    language: 'en',
  },
  {
    name: 'Coffrages Dubé-Ouellet',
    phone: '+14185551012',
    email: 'chantier@dube-ouellet.ca',
    street: '1025 route de l’Église',
    city: 'Québec',
    postalCode: 'G1V 3V9',
    language: 'fr',
  },
  {
    name: 'Rénovations Héritage Outaouais',
    phone: '+18195551013',
    email: 'bonjour@heritage-outaouais.ca',
    street: '170 rue Principale',
    city: 'Gatineau',
    postalCode: 'J9H 3M3',
    language: 'fr',
  },
  {
    name: 'Structures Métalliques Fortin',
    phone: '+14185551014',
    email: 'acier@fortin-structures.ca',
    street: '4500 boulevard de la Rive-Sud',
    city: 'Lévis',
    postalCode: 'G6W 1H5',
    language: 'fr',
  },
  {
    name: 'Maple Leaf Mechanical',
    phone: '+15145551015',
    email: 'service@mapleleafmech.ca',
    street: '9000 Côte-de-Liesse Road',
    city: 'Dorval',
    postalCode: 'H9P 2M4',
    language: 'en',
  },
  {
    name: 'Électricité Paquette & Fils',
    phone: '+14505551016',
    email: null,
    street: '55 rue Turgeon',
    city: 'Sainte-Thérèse',
    postalCode: 'J7E 3H3',
    language: 'fr',
  },
  {
    name: 'Constructions Simard-Roy',
    phone: '+14185551017',
    email: 'admin@simard-roy.ca',
    street: '300 boulevard Charest Est',
    city: 'Québec',
    postalCode: 'G1K 3H3',
    language: 'fr',
  },
  {
    name: 'Ironwood General Contractors',
    phone: null,
    email: 'hello@ironwood-gc.ca',
    street: '45 boulevard du Plateau',
    city: 'Gatineau',
    postalCode: 'J9A 3G1',
    language: 'en',
  },
  {
    name: 'Démolition Gauthier',
    phone: '+15145551019',
    email: 'info@demolitiongauthier.ca',
    street: '12 rue Notre-Dame Ouest',
    city: 'Montréal',
    postalCode: 'H2Y 1S5',
    language: 'fr',
    notes: 'Plus de contrat depuis 2023.',
    active: false,
  },
  {
    name: 'Pavage Beaulieu',
    phone: '+14185551020',
    email: 'pavage@beaulieu.ca',
    street: '6000 boulevard Pierre-Bertrand',
    city: 'Québec',
    postalCode: 'G2K 1M1',
    language: 'fr',
    active: false,
  },
];

/** Demo clients. Idempotent: a client whose name exists (case and accents aside) is left as it is. */
export async function seedClients(db: Db): Promise<void> {
  const existing = new Set(
    (await db.select({ key: accentFreeSortKey(clients.name) }).from(clients)).map((row) => row.key),
  );
  const missing = demoClients.filter((client) => !existing.has(accentFold(client.name)));
  if (missing.length === 0) return;
  await db
    .insert(clients)
    .values(
      missing.map((client) => ({
        name: client.name,
        phone: client.phone,
        email: client.email,
        street: client.street,
        city: client.city,
        province: client.province ?? 'QC',
        postalCode: client.postalCode,
        language: client.language,
        notes: client.notes ?? null,
        active: client.active ?? true,
        searchText: clientSearchText(client),
      })),
    )
    .onConflictDoNothing();
}
