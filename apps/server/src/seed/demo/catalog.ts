import { searchable } from '@brigade/shared';
import type { Db } from '../../db/client.ts';
import { skills, tools } from '../../db/schema/index.ts';

/** [French name, English name, expirable, important] */
const demoSkills: [string, string, boolean, boolean][] = [
  ['Carte de compétence CCQ — apprenti', 'CCQ competency card — apprentice', false, true],
  ['Carte de compétence CCQ — compagnon', 'CCQ competency card — journeyman', false, true],
  [
    'ASP Construction (Santé et sécurité générale sur les chantiers)',
    'ASP Construction (General health and safety on construction sites)',
    false,
    true,
  ],
  ['Travail en hauteur / Protection contre les chutes', 'Working at heights / Fall protection', true, true],
  ['Nacelle élévatrice', 'Aerial work platform', true, false],
  ['Chariot élévateur', 'Forklift', true, false],
  ['SIMDUT 2015', 'WHMIS 2015', true, true],
  ['Secourisme en milieu de travail', 'Workplace first aid', true, true],
  ['Espace clos', 'Confined space', true, false],
  ['Signaleur routier', 'Traffic control flagger', true, false],
  ['Cadenassage', 'Lockout / tagout', true, false],
  ['Soudage', 'Welding', false, false],
  ['Électricité', 'Electrical work', false, false],
  ['Plomberie', 'Plumbing', false, false],
  ['Charpenterie-menuiserie', 'Carpentry-joinery', false, false],
  ['Briquetage-maçonnerie', 'Bricklaying-masonry', false, false],
  ['Coffrage', 'Formwork', false, false],
  ['Ferraillage', 'Rebar installation', false, false],
  ['Pose de gypse', 'Drywall installation', false, false],
  ['Tirage de joints', 'Drywall taping', false, false],
  ['Peinture', 'Painting', false, false],
  ['Manœuvre spécialisé', 'Specialized labourer', false, false],
  ['Opérateur de pelle hydraulique', 'Excavator operator', true, false],
  ['Échafaudage', 'Scaffolding', true, false],
  ['Grutier', 'Crane operator', true, true],
  ['Permis de conduire classe 3', 'Class 3 driver’s licence', true, false],
];

/** [French name, English name, description] */
const demoTools: [string, string, string | null][] = [
  ['Ceinture d’outils', 'Tool belt', null],
  ['Bottes de sécurité', 'Safety boots', 'Cap d’acier et semelle anti-perforation (triangle vert CSA).'],
  ['Casque de sécurité', 'Hard hat', 'Classe E, avec jugulaire pour le travail en hauteur.'],
  ['Harnais', 'Harness', 'Harnais complet avec longe et absorbeur d’énergie.'],
  ['Lunettes de sécurité', 'Safety glasses', null],
  ['Perceuse sans fil', 'Cordless drill', '18 V, avec deux batteries.'],
  ['Visseuse à percussion', 'Impact driver', null],
  ['Scie circulaire', 'Circular saw', 'Lame de 7 ¼ po.'],
  ['Scie alternative', 'Reciprocating saw', null],
  ['Niveau laser', 'Laser level', 'Autonivelant, avec trépied.'],
  ['Niveau à bulle', 'Spirit level', null],
  ['Cloueuse', 'Nail gun', 'Pneumatique, pour charpente.'],
  ['Marteau', 'Hammer', null],
  ['Ruban à mesurer', 'Tape measure', null],
  ['Coffre à outils', 'Toolbox', null],
  ['Camion', 'Pickup truck', 'Le travailleur a son propre véhicule.'],
];

/** Demo catalog. Idempotent: names are unique (whatever their case), so a second run adds nothing. */
export async function seedCatalog(db: Db): Promise<void> {
  await db
    .insert(skills)
    .values(
      demoSkills.map(([nameFr, nameEn, expirable, important]) => ({
        nameFr,
        nameEn,
        expirable,
        important,
        searchText: searchable(nameFr, nameEn),
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(tools)
    .values(
      demoTools.map(([nameFr, nameEn, description]) => ({
        nameFr,
        nameEn,
        description,
        searchText: searchable(nameFr, nameEn, description),
      })),
    )
    .onConflictDoNothing();
}
