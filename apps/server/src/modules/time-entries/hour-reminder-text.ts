import type { Language } from '@brigade/shared';
import { gsmFrenchDate, plainSmsTypography } from '@brigade/shared/sms';

/**
 * The SMS reminding a worker of the hours they have not logged, in their language: each day with
 * its site, and the link to the time logger.
 *
 * Written in GSM-7, the SMS alphabet (160 characters a text, 153 when split), as the assignation
 * texts are: no en dash, "aout" rather than "août", the site names typed in the office with their
 * curly quotes and dashes made plain. A site whose name has ê â î ô û ç still makes its message
 * UCS-2: names are spelled as their owners spell them.
 */

const locales: Record<Language, string> = { fr: 'fr-CA', en: 'en-CA' };

/** "samedi 21 novembre" / "Saturday, November 21": a calendar day, never shifted by a time zone. */
function longDay(date: string, language: Language): string {
  return gsmFrenchDate(
    plainSmsTypography(
      new Intl.DateTimeFormat(locales[language], {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        timeZone: 'UTC',
      }).format(new Date(`${date}T12:00:00Z`)),
    ),
  );
}

/** One day short of hours: the day and the sites the worker was expected on. */
export interface MissingDay {
  date: string;
  sites: { name: string }[];
}

/** The days named in one text at most: more would make it long, and the link lists them all. */
const daysNamed = 3;

function dayAndSite(day: MissingDay, language: Language): string {
  const sites = plainSmsTypography(day.sites.map((site) => site.name).join(', '));
  return language === 'fr'
    ? `le ${longDay(day.date, 'fr')} (${sites})`
    : `${longDay(day.date, 'en')} (${sites})`;
}

/**
 * "Brigade : il manque des heures le samedi 21 novembre (Pont Laviolette). Merci de les inscrire : …"
 * Latest day last; past three days, "et 2 autres jours" / "and 2 other days".
 */
export function hourReminderText(days: MissingDay[], language: Language, link: string): string {
  const sorted = [...days].sort((a, b) => a.date.localeCompare(b.date));
  const named = sorted.slice(0, daysNamed).map((day) => dayAndSite(day, language));
  const others = sorted.length - named.length;
  if (language === 'fr') {
    const list =
      others > 0
        ? `${named.join(', ')} et ${others} autre${others > 1 ? 's' : ''} jour${others > 1 ? 's' : ''}`
        : named.length > 1
          ? `${named.slice(0, -1).join(', ')} et ${named.at(-1)}`
          : (named[0] ?? '');
    return `Brigade : il manque des heures ${list}. Merci de les inscrire : ${link}`;
  }
  const list =
    others > 0
      ? `${named.join('; ')} and ${others} other day${others > 1 ? 's' : ''}`
      : named.length > 1
        ? `${named.slice(0, -1).join('; ')} and ${named.at(-1)}`
        : (named[0] ?? '');
  return `Brigade: hours are missing for ${list}. Please log them: ${link}`;
}
