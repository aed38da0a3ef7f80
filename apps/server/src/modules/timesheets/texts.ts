import type { Language } from '@brigade/shared';
import { gsmFrenchDate, plainSmsTypography } from '@brigade/shared/sms';

/**
 * The words of what a timesheet sends out (its PDF, workbook, e-mails and SMS), in the recipient's
 * language: every message that leaves the product is in its reader's language.
 */
const words = {
  fr: {
    title: 'Feuille de temps hebdomadaire',
    agency: 'Brigade — placement de main-d’œuvre',
    client: 'Client',
    site: 'Chantier',
    po: 'Bon de commande (PO)',
    jobNumber: 'Job #',
    week: 'Semaine',
    employee: 'Travailleur',
    number: 'No',
    total: 'Total',
    regular: 'Régulières',
    overtime: 'Supplémentaires',
    parking: 'Stationnement',
    dayTotal: 'Total du jour',
    approval: 'Approbation',
    approvedBy: (name: string, at: string) => `Approuvée par ${name} le ${at}`,
    notApproved: 'Non approuvée — signature du superviseur :',
    rejected: 'Refusée',
    noHours: 'Aucune heure inscrite cette semaine.',
    nightShifts: '(+1) : fin le lendemain. Les heures de nuit comptent le jour où elles commencent.',
    days: ['Dim.', 'Lun.', 'Mar.', 'Mer.', 'Jeu.', 'Ven.', 'Sam.'],
    sheetName: 'Feuille de temps',
    fileName: 'feuille-de-temps',
    status: {
      draft: 'Brouillon',
      sent: 'Envoyée',
      reopened: 'Rouverte — à réapprouver',
      approved: 'Approuvée',
    },
  },
  en: {
    title: 'Weekly timesheet',
    agency: 'Brigade — labour staffing',
    client: 'Client',
    site: 'Site',
    po: 'Purchase order (PO)',
    jobNumber: 'Job #',
    week: 'Week',
    employee: 'Worker',
    number: 'No.',
    total: 'Total',
    regular: 'Regular',
    overtime: 'Overtime',
    parking: 'Parking',
    dayTotal: 'Day total',
    approval: 'Approval',
    approvedBy: (name: string, at: string) => `Approved by ${name} on ${at}`,
    notApproved: 'Not approved — supervisor’s signature:',
    rejected: 'Rejected',
    noHours: 'No hours logged this week.',
    nightShifts: '(+1): ends the next day. Night hours count on the day they start.',
    days: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
    sheetName: 'Timesheet',
    fileName: 'timesheet',
    status: { draft: 'Draft', sent: 'Sent', reopened: 'Reopened — to approve again', approved: 'Approved' },
  },
} as const;

export const sheetWords = (language: Language) => words[language];

// Hours, money and phones are written by @brigade/shared's formatHours, formatMoney and formatPhone,
// the screens' rules ("9,5 h", "12,50 $", "514 555-0101" in French; "9.5 h", "$12.50" in English).

/** A calendar day as "dim. 22 nov. 2026" / "Sun, Nov 22, 2026" (a date, never shifted through UTC). */
export function dayText(date: string, language: Language, withYear = false): string {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    weekday: withYear ? undefined : 'short',
    day: 'numeric',
    month: 'short',
    year: withYear ? 'numeric' : undefined,
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** A moment as the company's local date and time. */
export function momentText(at: string | Date, language: Language): string {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'America/Toronto',
  }).format(new Date(at));
}

/**
 * An SMS in GSM-7 where its words allow (160 characters a text instead of 70): the site's name
 * without curly quotes or dashes, "aout" for "août". Names with ê, ô, ç… keep their letters.
 */
const sms = (text: string) => gsmFrenchDate(plainSmsTypography(text));

/** The e-mail and SMS that carry a timesheet to a supervisor (with a link) or to the admin-hours contact. */
export function sendMessage(
  language: Language,
  p: { name: string; siteName: string; week: string; link: string | null },
) {
  if (language === 'en') {
    return {
      subject: `Timesheet to approve — ${p.siteName}, week of ${p.week}`,
      email: p.link
        ? `Hello ${p.name},\n\nThe timesheet of ${p.siteName} for the week of ${p.week} is attached. To review and approve it (no password needed; link valid 7 days):\n${p.link}\n\nThe Brigade team`
        : `Hello ${p.name},\n\nThe timesheet of ${p.siteName} for the week of ${p.week} is attached.\n\nThe Brigade team`,
      sms: sms(`Brigade: timesheet of ${p.siteName}, week of ${p.week}, to approve: ${p.link ?? ''}`),
    };
  }
  return {
    subject: `Feuille de temps à approuver — ${p.siteName}, semaine du ${p.week}`,
    email: p.link
      ? `Bonjour ${p.name},\n\nLa feuille de temps de ${p.siteName} pour la semaine du ${p.week} est jointe. Pour la vérifier et l’approuver (sans mot de passe; lien valide 7 jours) :\n${p.link}\n\nL’équipe Brigade`
      : `Bonjour ${p.name},\n\nLa feuille de temps de ${p.siteName} pour la semaine du ${p.week} est jointe.\n\nL’équipe Brigade`,
    sms: sms(
      `Brigade : feuille de temps de ${p.siteName}, semaine du ${p.week}, à approuver : ${p.link ?? ''}`,
    ),
  };
}

/** Told to the site's supervisors when an admin's change reopens an approved week. */
export function reopenedMessage(language: Language, p: { name: string; siteName: string; week: string }) {
  return language === 'en'
    ? {
        subject: `Timesheet reopened — ${p.siteName}, week of ${p.week}`,
        email: `Hello ${p.name},\n\nThe office changed hours in the timesheet of ${p.siteName} for the week of ${p.week}, which you had approved. It will be sent to you again for approval.\n\nThe Brigade team`,
        sms: sms(
          `Brigade: the office changed the approved timesheet of ${p.siteName}, week of ${p.week}. It will be sent again for approval.`,
        ),
      }
    : {
        subject: `Feuille de temps rouverte — ${p.siteName}, semaine du ${p.week}`,
        email: `Bonjour ${p.name},\n\nLe bureau a modifié des heures de la feuille de temps de ${p.siteName} pour la semaine du ${p.week}, que vous aviez approuvée. Elle vous sera envoyée de nouveau pour approbation.\n\nL’équipe Brigade`,
        sms: sms(
          `Brigade : le bureau a modifié la feuille de temps approuvée de ${p.siteName}, semaine du ${p.week}. Elle vous sera renvoyée pour approbation.`,
        ),
      };
}

/** Told to the admins who sent a week when a supervisor refuses one of its lines. */
export function refusedMessage(
  language: Language,
  p: {
    name: string;
    siteName: string;
    week: string;
    worker: string;
    day: string;
    hours: string;
    supervisor: string;
    reason: string;
  },
) {
  return language === 'en'
    ? {
        subject: `Line refused — ${p.siteName}, week of ${p.week}`,
        email: `Hello ${p.name},\n\n${p.supervisor} refused a line of the timesheet of ${p.siteName} for the week of ${p.week}: ${p.worker}, ${p.day}, ${p.hours}.\nReason: ${p.reason}\n\nThe week cannot be approved until the line is corrected or deleted (Timesheets).\n\nThe Brigade team`,
      }
    : {
        subject: `Ligne refusée — ${p.siteName}, semaine du ${p.week}`,
        email: `Bonjour ${p.name},\n\n${p.supervisor} a refusé une ligne de la feuille de temps de ${p.siteName} pour la semaine du ${p.week} : ${p.worker}, ${p.day}, ${p.hours}.\nMotif : ${p.reason}\n\nLa semaine ne peut pas être approuvée tant que la ligne n’est pas corrigée ou supprimée (Feuilles de temps).\n\nL’équipe Brigade`,
      };
}

/** Told to the site's supervisors when the office settled the lines they refused: to approve again. */
export function settledMessage(language: Language, p: { name: string; siteName: string; week: string }) {
  return language === 'en'
    ? {
        subject: `Timesheet corrected, to approve — ${p.siteName}, week of ${p.week}`,
        email: `Hello ${p.name},\n\nThe office corrected the lines you refused in the timesheet of ${p.siteName} for the week of ${p.week}. Open it from your dashboard (or the link you received) to approve it: what changed is highlighted.\n\nThe Brigade team`,
        sms: sms(
          `Brigade: the office corrected the timesheet of ${p.siteName}, week of ${p.week}. It is waiting for your approval.`,
        ),
      }
    : {
        subject: `Feuille de temps corrigée, à approuver — ${p.siteName}, semaine du ${p.week}`,
        email: `Bonjour ${p.name},\n\nLe bureau a corrigé les lignes que vous aviez refusées dans la feuille de temps de ${p.siteName} pour la semaine du ${p.week}. Ouvrez-la depuis votre tableau de bord (ou le lien reçu) pour l’approuver : ce qui a changé est surligné.\n\nL’équipe Brigade`,
        sms: sms(
          `Brigade : le bureau a corrigé la feuille de temps de ${p.siteName}, semaine du ${p.week}. Elle attend votre approbation.`,
        ),
      };
}
