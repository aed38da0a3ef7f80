import type { Language } from '@brigade/shared';
import { gsmFrenchDate, plainSmsTypography } from '@brigade/shared/sms';

// What chasing a timesheet not approved says (issue 26, point 4), in the recipient's language. The
// SMS in GSM-7 where its words allow (no en dash, "aout"), as every SMS the server writes.
const sms = (text: string) => gsmFrenchDate(plainSmsTypography(text));

/** The one reminder to a supervisor: e-mail and SMS, with a new link to approve without a password. */
export function reminderMessage(
  language: Language,
  p: { name: string; siteName: string; week: string; link: string | null },
) {
  if (language === 'en') {
    return {
      subject: `Reminder: timesheet to approve - ${p.siteName}, week of ${p.week}`,
      email: `Hello ${p.name},\n\nThe timesheet of ${p.siteName} for the week of ${p.week} is still waiting for your approval.${p.link ? ` To review and approve it (no password needed; link valid 7 days):\n${p.link}` : ''}\n\nThe Brigade team`,
      sms: sms(
        `Brigade reminder: the timesheet of ${p.siteName}, week of ${p.week}, awaits your approval${p.link ? `: ${p.link}` : '.'}`,
      ),
    };
  }
  return {
    subject: `Rappel : feuille de temps à approuver - ${p.siteName}, semaine du ${p.week}`,
    email: `Bonjour ${p.name},\n\nLa feuille de temps de ${p.siteName} pour la semaine du ${p.week} attend toujours votre approbation.${p.link ? ` Pour la vérifier et l'approuver (sans mot de passe; lien valide 7 jours) :\n${p.link}` : ''}\n\nL'équipe Brigade`,
    sms: sms(
      `Rappel Brigade : la feuille de temps de ${p.siteName}, semaine du ${p.week}, attend votre approbation${p.link ? ` : ${p.link}` : '.'}`,
    ),
  };
}

/** To the office once the reminder went unanswered too: who was chased, and where the sheet is. */
export function officeAlertMessage(
  language: Language,
  p: { name: string; siteName: string; week: string; chased: string; hours: number; link: string },
) {
  if (language === 'en') {
    return {
      subject: `Timesheet not approved - ${p.siteName}, week of ${p.week}`,
      email: `Hello ${p.name},\n\nThe timesheet of ${p.siteName} for the week of ${p.week} is still not approved, ${p.hours} hours after a reminder to ${p.chased}. Please call the supervisor:\n${p.link}\n\nBrigade`,
    };
  }
  return {
    subject: `Feuille de temps non approuvée - ${p.siteName}, semaine du ${p.week}`,
    email: `Bonjour ${p.name},\n\nLa feuille de temps de ${p.siteName} pour la semaine du ${p.week} n'est toujours pas approuvée, ${p.hours} heures après un rappel à ${p.chased}. Merci d'appeler le superviseur :\n${p.link}\n\nBrigade`,
  };
}
