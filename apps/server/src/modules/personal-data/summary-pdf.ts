import { formatHours, formatMoney, formatPhone, type Language, type PersonalDataFile } from '@brigade/shared';
import type { Content } from 'pdfmake';
import { companyToday } from '../../lib/calendar.ts';
import { pdfmake, type TDocumentDefinitions } from '../../lib/pdfmake.ts';
import type { PersonHead } from './person.ts';
import { personalDataWords } from './texts.ts';

type Head = Omit<PersonalDataFile, 'timeEntries' | 'messages'>;

/** A label and its value, one line of a section; nothing when there is no value. */
function line(language: Language, label: string, value: string | null | undefined): Content[] {
  if (value === null || value === undefined || value === '') return [];
  // French puts a space before the colon.
  return [
    {
      text: [{ text: `${label}${language === 'fr' ? ' :' : ':'} `, bold: true }, value],
      margin: [0, 0, 0, 2],
    },
  ];
}

const section = (title: string, lines: Content[]): Content[] =>
  lines.length ? [{ text: title, style: 'h2', margin: [0, 12, 0, 4] }, ...lines] : [];

/**
 * resume.pdf: a readable summary of the person's file in their own language (who they are, what
 * the agency knows of their work, how many hours, messages and files), and what the archive holds.
 */
export function summaryPdf(person: PersonHead, head: Head, fileCount: number): Promise<Buffer> {
  const language = person.language;
  const w = personalDataWords(language);
  const id = head.identity;
  const address = head.address
    ? [head.address.street, head.address.city, head.address.province, head.address.postalCode]
        .filter(Boolean)
        .join(', ')
    : (head.application?.city ?? null);
  const employment = head.employment;
  const application = head.application;
  const supervision = head.supervision;
  const lineOf = (name: string, value: string | null | undefined) => line(language, name, value);
  const definition: TDocumentDefinitions = {
    pageSize: 'LETTER',
    pageMargins: [48, 48, 48, 48],
    info: { title: `${w.title} — ${id.firstName} ${id.lastName}`, creator: 'Brigade' },
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    styles: {
      title: { fontSize: 16, bold: true },
      h2: { fontSize: 12, bold: true },
      muted: { color: '#667085' },
    },
    content: [
      { text: w.title, style: 'title' },
      { text: `${id.firstName} ${id.lastName} · ${w.kinds[head.kind]}`, margin: [0, 4, 0, 0] },
      {
        text: `${w.exportedOn} ${companyToday(new Date(head.exportedAt))}`,
        style: 'muted',
        margin: [0, 2, 0, 8],
      },
      { text: w.intro },
      ...section(w.identity, [
        ...lineOf(w.name, `${id.firstName} ${id.lastName}`),
        ...lineOf(w.email, id.email),
        ...lineOf(w.phone, id.phone ? formatPhone(id.phone) : null),
        ...lineOf(w.language, w.languages[id.language]),
        ...lineOf(w.address, address),
      ]),
      ...(employment
        ? section(w.kinds.employees, [
            ...lineOf(w.employeeNumber, employment.employeeNumber),
            ...lineOf(w.status, w.statuses[employment.status] ?? employment.status),
            ...lineOf(
              w.skills,
              employment.skills
                .map((skill) => (language === 'fr' ? skill.nameFr : skill.nameEn))
                .join(', ') || w.none,
            ),
            ...lineOf(
              w.tools,
              employment.tools.map((tool) => (language === 'fr' ? tool.nameFr : tool.nameEn)).join(', ') ||
                w.none,
            ),
            ...lineOf(w.notes, employment.notes),
          ])
        : []),
      ...(application
        ? section(w.application, [
            ...lineOf(w.status, w.statuses[application.status] ?? application.status),
            ...lineOf(w.experience, application.yearsOfExperience?.toString()),
            ...lineOf(
              w.ccqCard,
              [application.ccqCardNumber, application.ccqCardLevel].filter(Boolean).join(' · '),
            ),
            ...lineOf(
              w.skills,
              application.skills
                .map((skill) => (language === 'fr' ? skill.nameFr : skill.nameEn))
                .join(', ') || w.none,
            ),
            ...lineOf(w.cv, application.cv?.fileName ?? w.none),
            ...lineOf(w.notes, application.notes),
          ])
        : []),
      ...(supervision
        ? section(w.kinds.supervisors, [
            ...lineOf(w.client, supervision.client?.name),
            ...lineOf(w.sites, supervision.sites.map((site) => site.name).join(', ') || w.none),
            ...lineOf(w.approvals, String(supervision.approvals.length)),
          ])
        : []),
      ...section(w.summary, [
        ...(head.kind === 'employees'
          ? [
              ...lineOf(w.assignations, String(head.assignations.length)),
              ...lineOf(w.absences, String(head.absences.length)),
              ...lineOf(w.entries, String(head.totals.entries)),
              ...lineOf(w.hours, formatHours(head.totals.minutes, language)),
              ...lineOf(w.parking, formatMoney(head.totals.parkingCents, language)),
            ]
          : []),
        ...lineOf(w.messages, String(head.totals.messages)),
        ...lineOf(w.files, String(fileCount)),
      ]),
      { text: w.contents, style: 'h2', margin: [0, 12, 0, 4] },
      { ul: w.contentLines },
    ],
  };
  return pdfmake.createPdf(definition).getBuffer();
}
