import type { OrderDetail } from '@brigade/shared';
import { smsLength } from '@brigade/shared/sms';
import { describe, expect, it } from 'vitest';
import { optConfirmation } from '../src/modules/messages/opt-out.ts';
import { answeredText, askText, cancelledText, changedText } from '../src/modules/orders/assignation-text.ts';
import {
  invitationMessage,
  passwordResetMessage,
  phoneCodeMessage,
} from '../src/modules/outbox/templates.ts';
import { hourReminderText } from '../src/modules/time-entries/hour-reminder-text.ts';
import { reminderMessage } from '../src/modules/timesheets/reminder-texts.ts';
import { dayText, reopenedMessage, sendMessage } from '../src/modules/timesheets/texts.ts';

/**
 * Every SMS the product sends by itself, in both languages: GSM-7 (160 characters a text, 153 when
 * split) wherever its words allow, and the assignation offer at most 2 texts for a realistic order
 * — long client and site names, an address, a supervisor, three tools — in August ("août" is not
 * GSM-7) and December. Names typed with letters outside GSM-7 ("Côté") keep them: then UCS-2.
 */
const languages = ['fr', 'en'] as const;

/**
 * A long but real-looking order: client and site names of 36 characters each, a street and a city,
 * a supervisor and their phone, two tools (as the office types them, curly apostrophe included).
 */
function order(startsOn: string, endsOn: string): OrderDetail {
  return {
    id: 'order',
    client: { id: 'client', name: 'Constructions Beauregard et Fils inc.' },
    site: {
      id: 'site',
      name: 'Agrandissement du centre hospitalier',
      street: '520 boulevard Arthur-Sauvé',
      city: 'Saint-Eustache',
    },
    startsOn,
    endsOn,
    dailyStart: '06:30',
    dailyEnd: '15:00',
    unpaidBreakMinutes: 30,
    workersNeeded: 4,
    confirmed: 0,
    pending: 0,
    priority: 1,
    status: 'open',
    skills: [],
    supervisor: { id: 'sup', firstName: 'Jean-Philippe', lastName: 'Lavallée', phone: '+14505550123' },
    includeWeekends: false,
    heightMetres: null,
    notes: null,
    tools: [
      { toolId: 'a', nameFr: 'Harnais de sécurité', nameEn: 'Safety harness' },
      { toolId: 'b', nameFr: 'Bottes à cap d’acier', nameEn: 'Steel-toe boots' },
    ],
    cancelledAt: null,
    cancelReason: null,
    createdAt: '2026-08-01T12:00:00Z',
    updatedAt: '2026-08-01T12:00:00Z',
    assignations: [],
  };
}
const august = order('2026-08-24', '2026-08-28');
const december = order('2026-12-07', '2026-12-07');
const link = 'https://brigade.example.com/change-password/6Yq2kz0Vt1pNfE8rW3sLh5aXc7dBm9uJ';

/** What the server sends, by name: each a function of the language. */
const templates: Record<string, (language: 'fr' | 'en') => string> = {
  'assignation offer (August)': (language) => askText(august, language),
  'assignation offer (December, one day)': (language) => askText(december, language),
  'assignation changed': (language) => changedText(august, language, true),
  'assignation cancelled': (language) => cancelledText(august, language),
  'assignation confirmed': (language) => answeredText(august, language, true),
  'assignation declined': (language) => answeredText(august, language, false),
  'STOP confirmation': (language) => optConfirmation('stop', language),
  'START confirmation': (language) => optConfirmation('start', language),
  'password reset': (language) => passwordResetMessage(language, { firstName: 'Émile', link }).sms,
  invitation: (language) => invitationMessage(language, { firstName: 'Émile', link }).sms,
  // The code that confirms a new mobile (issue 27, point 1).
  'new mobile code': (language) => phoneCodeMessage(language, { code: '042917' }),
  'timesheet to approve (magic link)': (language) =>
    sendMessage(language, {
      name: 'Jean-Philippe Lavallée',
      siteName: 'Tour Deschamps',
      week: dayText('2026-08-02', language, true),
      link: `https://brigade.example.com/magic/${link.slice(-32)}`,
    }).sms,
  'timesheet reopened': (language) =>
    reopenedMessage(language, {
      name: 'Jean-Philippe Lavallée',
      siteName: 'Tour Deschamps',
      week: dayText('2026-08-02', language, true),
    }).sms,
  // Chasing a timesheet not approved (issue 26, point 4).
  'timesheet approval reminder': (language) =>
    reminderMessage(language, {
      name: 'Nadia Roy',
      siteName: 'Tour Deschamps – phase 2',
      week: dayText('2026-08-02', language, true),
      link,
    }).sms,
  // Each worker's own days and sites, in August ("août" is not GSM-7) and with a typed dash.
  'hour alert reminder (a day)': (language) =>
    hourReminderText(
      [{ date: '2026-08-24', sites: [{ name: 'Pont Laviolette – phase 2' }] }],
      language,
      link,
    ),
  'hour alert reminder (days)': (language) =>
    hourReminderText(
      ['2026-08-24', '2026-08-25', '2026-08-26', '2026-08-27'].map((date) => ({
        date,
        sites: [{ name: 'Agrandissement du centre hospitalier' }],
      })),
      language,
      link,
    ),
};

describe('the SMS the server sends', () => {
  for (const [name, text] of Object.entries(templates)) {
    for (const language of languages) {
      it(`${name}, ${language}: GSM-7`, () => {
        const body = text(language);
        const length = smsLength(body);
        expect(length.outsideGsm, body).toEqual([]);
      });
    }
  }

  it('the new mobile’s code is one text in each language', () => {
    for (const language of languages) {
      const body = phoneCodeMessage(language, { code: '042917' });
      expect(smsLength(body), body).toMatchObject({ unicode: false, segments: 1 });
    }
  });

  it('the assignation offer is at most 2 texts in each language for a long, real-looking order', () => {
    for (const language of languages) {
      for (const each of [august, december]) {
        const body = askText(each, language);
        expect(smsLength(body), body).toMatchObject({ unicode: false, segments: 2 });
      }
    }
    // With such names the French offer of a period is at the line (306 characters for 2 texts).
    expect(smsLength(askText(august, 'fr')).characters).toBeGreaterThan(290);
  });

  it('writes the supervisor’s phone as people write it, never +1…', () => {
    for (const language of languages) {
      expect(askText(august, language)).toContain('Jean-Philippe Lavallée 450 555-0123.');
      expect(askText(august, language)).not.toContain('+1450');
    }
  });

  it('a name with a letter outside GSM-7 keeps it (the message is then UCS-2)', () => {
    const named = { ...december, client: { id: 'client', name: 'Côté Fréchette' } };
    expect(askText(named, 'fr')).toContain('Côté Fréchette');
    expect(smsLength(askText(named, 'fr'))).toMatchObject({ unicode: true, outsideGsm: ['ô'] });
  });
});
