import { formatPhone, type Language } from '@brigade/shared';

/**
 * Texts of the e-mails and SMS the server sends, in the recipient's language.
 * Kept short: SMS are billed per 160 characters, in GSM-7 (é è à are in it; ê ç ô and curly
 * apostrophes are not: one of them makes the text UCS-2, 70 characters a text).
 */
const templates = {
  passwordReset: {
    fr: (p: { firstName: string; link: string }) => ({
      subject: 'Brigade — réinitialisation du mot de passe',
      email: `Bonjour ${p.firstName},\n\nPour choisir un nouveau mot de passe, ouvrez ce lien (valide 30 minutes) :\n${p.link}\n\nSi vous n'avez rien demandé, ignorez ce message.\n\nL'équipe Brigade`,
      sms: `Brigade : pour choisir un nouveau mot de passe (lien valide 30 min) : ${p.link}`,
    }),
    en: (p: { firstName: string; link: string }) => ({
      subject: 'Brigade — password reset',
      email: `Hello ${p.firstName},\n\nTo choose a new password, open this link (valid for 30 minutes):\n${p.link}\n\nIf you did not ask for this, ignore this message.\n\nThe Brigade team`,
      sms: `Brigade: to choose a new password (link valid 30 min): ${p.link}`,
    }),
  },
  invitation: {
    fr: (p: { firstName: string; link: string }) => ({
      subject: 'Bienvenue dans Brigade',
      email: `Bonjour ${p.firstName},\n\nUn compte Brigade vient d'être créé pour vous. Pour choisir votre mot de passe, ouvrez ce lien (valide 7 jours) :\n${p.link}\n\nL'équipe Brigade`,
      sms: `Brigade : votre compte est créé. Choisissez votre mot de passe (lien valide 7 jours) : ${p.link}`,
    }),
    en: (p: { firstName: string; link: string }) => ({
      subject: 'Welcome to Brigade',
      email: `Hello ${p.firstName},\n\nA Brigade account was just created for you. To choose your password, open this link (valid for 7 days):\n${p.link}\n\nThe Brigade team`,
      sms: `Brigade: your account is ready. Choose your password (link valid 7 days): ${p.link}`,
    }),
  },
  phoneCode: {
    fr: (p: { code: string }) =>
      `Brigade : votre code pour confirmer ce numéro est ${p.code} (valide 15 min). Si vous n'avez rien demandé, ignorez ce message.`,
    en: (p: { code: string }) =>
      `Brigade: your code to confirm this number is ${p.code} (valid 15 min). If you did not ask for it, ignore this message.`,
  },
} as const;

/** The SMS that carries the code confirming a new mobile, to that mobile. */
export function phoneCodeMessage(language: Language, params: { code: string }): string {
  return templates.phoneCode[language](params);
}

export function invitationMessage(language: Language, params: { firstName: string; link: string }) {
  return templates.invitation[language](params);
}

export function passwordResetMessage(language: Language, params: { firstName: string; link: string }) {
  return templates.passwordReset[language](params);
}

/**
 * The footer of every e-mail (Law 25): how to reach the person in charge of the protection of
 * personal information, in the recipient's language. None while nobody is named.
 */
export function privacyFooter(
  language: Language,
  officer: { name: string; title: string; email: string; phone: string } | undefined,
): string {
  if (!officer) return '';
  const contact = `${officer.name}, ${officer.title} — ${officer.email} — ${formatPhone(officer.phone)}`;
  return language === 'fr'
    ? `\n\n--\nProtection des renseignements personnels : ${contact}`
    : `\n\n--\nProtection of personal information: ${contact}`;
}
