import type { Language } from '@brigade/shared/roles';
import { compareVersions } from '../../lib/version.ts';

/**
 * What changed in each release, for the people who use Brigade (office staff, supervisors,
 * workers), in both languages of the interface: the release-notes dialog of the menu shows them in
 * the interface's language. CHANGELOG.md is the developers' record; these notes say what the office
 * will notice, in its words.
 */
export interface Release {
  /** x.y.z, as in the root package.json. */
  version: string;
  /** yyyy-MM-dd; null while the release is being prepared (it shows once the app carries its version). */
  date: string | null;
  /** The same notes in each language, in the same order. */
  notes: Record<Language, readonly string[]>;
}

/** Newest first. */
export const releases: readonly Release[] = [
  {
    version: '0.4.0',
    date: null,
    notes: {
      fr: [
        'Communications : les textos des employés et des superviseurs, par conversation (Général, Assignation), à côté de la conversation ouverte ; sur un téléphone, la liste puis la conversation.',
        'Un texto qui arrive apparaît tout de suite, sans recharger la page, dans la conversation ouverte et dans les pastilles du menu ; ouvrir une conversation la marque lue pour tout le bureau.',
        "Nouveau message : à une personne, à une liste choisie ou à un groupe d'employés (statut, compétence, langue), avec un texte en français et un en anglais — chacun reçoit le sien — et le nombre de caractères et de textos en direct.",
        "Un message peut être enregistré « en attente » pour être relu, modifié et envoyé plus tard, seul ou en lot depuis l'onglet En attente.",
        "Sous chaque texto envoyé : En envoi, Envoyé, Livré, ou Échec avec la raison donnée par l'opérateur.",
        'Une personne qui répond ARRÊT (ou STOP) ne reçoit plus de textos, et le bureau voit pourquoi ; DEBUT (ou START) les rétablit.',
        "Absences : qui est absent aujourd'hui et cette semaine, par type ; la liste (celles d'aujourd'hui d'abord) ou un calendrier du mois où le + d'un jour inscrit une absence ; la journée entière ou quelques heures.",
        "Liste noire : un employé qui ne doit plus jamais être envoyé chez un client, ou sur un de ses chantiers. Deux absences d'un même employé ne peuvent pas se chevaucher : le message dit laquelle est en travers.",
        "Jours fériés et vacances de la construction calculés pour n'importe quelle année ; un jour peut être déplacé (la fête du Canada au lundi), retiré ou ajouté (congé d'entreprise).",
        'Recrutement : les candidats sur un tableau par statut, leur CV, chaque étape avec une note, leurs textos, et « Embaucher » qui en fait un employé invité en un geste.',
        'Commandes : ce que chaque client demande sur chaque chantier, avec sa couverture (« 4/6 confirmés · 1 en attente ») ; une commande se crée, se modifie, se duplique ou s’annule.',
        "Assignations : pour une commande, chaque employé classé avec ses raisons en mots (« ✔ Coffrage ✗ pas de harnais ») ; on en choisit plusieurs d'un coup, leurs textos attendent d'être relus puis partent d'un bouton.",
        "Un employé répond OUI ou NON par texto : l'assignation se confirme ou se libère toute seule, et sur un NON le suivant au classement est proposé. Le bureau peut aussi confirmer, retirer ou remplacer, et l'historique de la commande garde tout.",
        "Vue d'ensemble pour l'écran mural : les prochains jours par chantier, la couverture de chaque commande en couleur, qui est sur place aujourd'hui, qui n'a pas confirmé pour demain, et des bulles de commentaire ; elle se met à jour toute seule.",
      ],
      en: [
        'Communications: the text messages of employees and supervisors, by conversation (General, Assignation), beside the open conversation; on a phone, the list then the conversation.',
        'A text that comes in shows at once, without reloading the page, in the open conversation and in the menu badges; opening a conversation marks it read for the whole office.',
        'New message: to one person, a chosen list or a group of employees (status, skill, language), with a French and an English text — each person gets their own — and the live count of characters and texts.',
        'A message can be saved as pending to be reviewed, changed and sent later, alone or in a batch from the Pending tab.',
        'Under each text sent: Sending, Sent, Delivered, or Failed with the reason the carrier gave.',
        'Someone who replies STOP (or ARRÊT) gets no more texts, and the office sees why; START (or DEBUT) brings them back.',
        "Absences: who is away today and this week, by type; the list (today's first) or a month calendar where a day's + records an absence; a whole day or a few hours.",
        'Blacklist: an employee who must never be sent to a client, or one of its sites, again. Two absences of one employee cannot overlap: the message says which one is in the way.',
        'Holidays and construction vacations computed for any year; a day can be moved (Canada Day to the Monday), removed or added (a company day off).',
        'Recruiting: applicants on a board by status, their CV, every step with a note, their texts, and “Hire”, which makes them an invited employee in one move.',
        'Orders: what each client asks for on each site, with its coverage (“4/6 confirmed · 1 pending”); an order can be created, edited, duplicated or cancelled.',
        'Assignations: for an order, every employee ranked with the reasons in words (“✔ Formwork ✗ no harness”); pick several at once, their texts wait to be reviewed and go with one button.',
        'An employee answers YES or NO by text: the assignation confirms or frees itself, and on a NO the next one in the ranking is proposed. The office can also confirm, remove or replace, and the order’s history keeps everything.',
        'Overview for the wall screen: the next days by site, each order’s coverage in colour, who is on site today, who has not confirmed for tomorrow, and comment bubbles; it updates itself.',
      ],
    },
  },
  {
    version: '0.3.0',
    date: '2026-11-24',
    notes: {
      fr: [
        'Les accents ne comptent plus nulle part : « Dvořák » et « Dvorak » sont le même nom, et les listes de choix (client, compétence, outil) trouvent « theriault » ou « echafaud » tapés sans accents.',
        "Un formulaire montre tous ses problèmes à la fois, chacun avec son propre message (un champ vide est « requis », pas « invalide » ; « La date de fin ne peut pas être avant la date de début »), et un compteur près de la limite : rien n'est plus coupé sans le dire.",
        "Un numéro de cellulaire s'affiche et se modifie comme il a été tapé (514 555-0123).",
        "Une liste ou une fiche qui ne peut pas se charger le dit, avec un bouton Réessayer, au lieu d'afficher « Aucun résultat » ; pendant le chargement, des lignes grises gardent la place.",
        "Rendre une compétence « avec échéance » dit d'abord combien de détenteurs sont touchés ; leur date s'affiche « Échéance à saisir » et leurs fiches s'enregistrent quand même.",
        "Désactiver un client dans sa fiche demande d'abord une confirmation, qui dit combien de ses superviseurs seront archivés et déconnectés.",
        'En réactivant un client, vous choisissez lesquels des superviseurs archivés avec lui reviennent ; ceux archivés avant lui, pour une autre raison, restent archivés.',
        "Archiver le seul superviseur de chantiers actifs : au lieu d'une confirmation suivie d'un refus, la page nomme ces chantiers, avec un lien pour leur ajouter un autre superviseur.",
        "Un lien pour choisir un mot de passe qui a déjà servi ou qui a expiré le dit dès qu'on l'ouvre, avec un bouton pour en demander un nouveau. Une invitation accueille la personne avec « Choisissez votre mot de passe ».",
        'Plusieurs mauvais mots de passe de suite ralentissent ce compte au lieu de le bloquer, et tout un bureau derrière une même adresse peut demander ses liens de réinitialisation.',
        "Plus rapide sur un téléphone : les pages pèsent environ quatre fois moins, la marque Brigade s'affiche tout de suite, et les listes montrent 25 fiches par page.",
        "Sur un téléphone, la fiche d'un client, d'un employé, d'un superviseur, d'une compétence ou d'un outil garde ses actions sur une ligne : Modifier, et les autres sous « Plus d'actions ».",
        'Des tableaux plus calmes : les noms de clients entiers, les téléphones et courriels en texte simple (toujours cliquables), un seul mot par état (Actif, Archivé) et « texto » partout.',
        'Ces notes de version sont écrites pour le bureau, en français et en anglais, selon la langue choisie.',
      ],
      en: [
        'Accents no longer matter anywhere: “Dvořák” and “Dvorak” are the same name, and the pick lists (client, skill, tool) find “theriault” or “echafaud” typed without accents.',
        'A form shows all its problems at once, each with its own message (an empty field is “required”, not “invalid”; “The end date cannot be before the start date”), and a counter near the limit: nothing is cut without saying so any more.',
        'A mobile number shows and edits as it was typed (514 555-0123).',
        'A list or a record page that cannot load says so, with a Try again button, instead of showing “No results”; while it loads, grey rows keep its place.',
        'Making a skill expirable first says how many holders it affects; their date shows “Expiry date to enter” and their records still save.',
        'Turning a client off in its form first asks for a confirmation, which says how many of its supervisors will be archived and signed out.',
        'When you reactivate a client, you choose which of the supervisors archived with it come back; those archived before it, for another reason, stay archived.',
        'Archiving the only supervisor of active sites: instead of a confirmation followed by a refusal, the page names those sites, with a link to add another supervisor to them.',
        'A link to choose a password that was already used or has expired says so as soon as it is opened, with a button to ask for a new one. An invitation welcomes the person with “Choose your password”.',
        'Several wrong passwords in a row slow that account down instead of locking it, and a whole office behind one address can ask for its reset links.',
        'Faster on a phone: pages weigh about a quarter of what they did, the Brigade mark shows at once, and lists show 25 cards a page.',
        'On a phone, the page of a client, employee, supervisor, skill or tool keeps its actions on one row: Edit, and the others under “More actions”.',
        'Calmer tables: client names whole, phones and e-mails as plain text (still clickable), one word per state (Active, Archived) and “text message” throughout.',
        'These release notes are written for the office, in French and in English, following the chosen language.',
      ],
    },
  },
  {
    version: '0.2.0',
    date: '2026-11-22',
    notes: {
      fr: [
        'Clients et chantiers : recherche sans se soucier des accents, filtres, tri et pages. Un chantier a son adresse, sa position sur la carte, son PO, son Job #, son type, son responsable des heures, ses dates et un ou plusieurs superviseurs ; son statut (actif, à venir, terminé) suit ses dates tout seul.',
        "La page d'un client montre ses chantiers sur une carte, et le premier superviseur d'un nouveau client se crée de là.",
        "Superviseurs : créés avec une invitation par courriel ou par texto pour choisir leur mot de passe. Le seul superviseur d'un chantier actif ne peut pas être archivé sans remplaçant.",
        'Employés : numéro (le prochain libre est proposé), coordonnées, adresse, statut, compétences avec leurs dates, outils, peur des hauteurs et garantie ; invitation par texto ou par courriel. La liste se filtre par compétence (avec « certificats valides seulement »), outil, statut et province.',
        "Compétences et outils en français et en anglais ; une compétence montre qui la détient et dont le certificat expire d'ici 30, 60 ou 90 jours.",
        "Supprimer n'efface une fiche que si rien n'y fait référence ; sinon elle est archivée, après une confirmation qui dit lequel des deux arrivera. Une fiche archivée peut être réactivée, et chaque modification est gardée au journal.",
        'Archiver un client archive aussi ses superviseurs (ils sont déconnectés) et rend ses chantiers inactifs.',
        "Les noms de clients, de chantiers, de compétences et d'outils sont uniques, peu importe les accents, les majuscules et les espaces.",
        'Les travailleurs se connectent avec leur numéro de cellulaire ou leur courriel, dans le même champ.',
        "Sur un téléphone, les listes et les tableaux s'affichent en fiches.",
      ],
      en: [
        'Clients and job sites: search without worrying about accents, filters, sorting and pages. A site has its address, its place on the map, its PO, Job #, type, hours contact, dates and one or more supervisors; its status (active, upcoming, ended) follows its dates by itself.',
        "A client's page shows its sites on a map, and a new client's first supervisor is created from there.",
        'Supervisors: created with an invitation by e-mail or text message to choose their password. The only supervisor of an active site cannot be archived without a replacement.',
        'Employees: number (the next free one is offered), contact details, address, status, skills with their dates, tools, fear of heights and warranty; invitation by text message or e-mail. The list filters by skill (with “valid certificates only”), tool, status and province.',
        'Skills and tools in French and English; a skill shows who holds it and whose certificate expires within 30, 60 or 90 days.',
        'Deleting removes a record only when nothing refers to it; otherwise it is archived, after a confirmation that says which will happen. An archived record can be reactivated, and every change is kept in the log.',
        'Archiving a client also archives its supervisors (they are signed out) and makes its sites inactive.',
        'Names of clients, sites, skills and tools are unique whatever their accents, capitals and spaces.',
        'Workers sign in with their mobile number or their e-mail, in the same field.',
        'On a phone, lists and tables show as cards.',
      ],
    },
  },
  {
    version: '0.1.0',
    date: '2026-11-22',
    notes: {
      fr: [
        'Connexion par courriel et mot de passe ; se déconnecter ferme la session aussitôt.',
        "Mot de passe oublié : un lien pour en choisir un nouveau arrive par courriel ou par texto. Il ne sert qu'une fois et expire après 30 minutes.",
        "Les superviseurs ouvrent ce qu'on leur envoie par un lien, sans mot de passe.",
        'Brigade est en français et en anglais : le français par défaut, et votre choix est gardé à votre profil.',
        "Le menu du bureau reste affiché sur un grand écran et s'ouvre par-dessus la page sur un téléphone.",
        'Chaque écran prévu a sa place dans le menu ; ceux qui ne sont pas encore prêts affichent leur titre.',
        "Les notes de version (cette fenêtre) s'ouvrent par le bouton de version du menu.",
        "Une entreprise de démonstration permet d'essayer Brigade.",
      ],
      en: [
        'Sign in with your e-mail and password; signing out ends the session at once.',
        'Forgot your password: a link to choose a new one arrives by e-mail or text message. It works once and expires after 30 minutes.',
        'Supervisors open what they are sent through a link, without a password.',
        'Brigade is in French and English: French by default, and your choice is kept in your profile.',
        'The office menu stays on screen on a wide display and opens over the page on a phone.',
        'Every planned screen has its place in the menu; those not ready yet show their title.',
        'The release notes (this window) open from the version button of the menu.',
        'A demo company lets you try Brigade.',
      ],
    },
  },
];

/** The releases an app of `version` has reached, newest first: one still being prepared is not shown. */
export function releasesUpTo(version: string): Release[] {
  return releases.filter((release) => compareVersions(release.version, version) <= 0);
}
