import { z } from 'zod';

/**
 * A person's file under Québec's private-sector privacy Act (Law 25): what `GET
 * /{employees|applicants|supervisors}/:id/personal-data` puts in `personne.json` (its JSON Schema,
 * made from this one, is `schema.json` beside it in the ZIP), and the answer of an anonymisation.
 */

/** The three kinds of people the agency keeps files on, as their routes name them. */
export const personKinds = ['employees', 'applicants', 'supervisors'] as const;
export type PersonKind = (typeof personKinds)[number];

/** The version of `personne.json`'s layout: a change of its fields is a new version. */
export const personalDataFormat = 'brigade.personal-data/1';

const day = z.string().describe('A day, YYYY-MM-DD (America/Toronto)');
const instant = z.string().describe('An instant, ISO 8601 in UTC');

const identitySchema = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable().describe('Mobile, E.164'),
    language: z.enum(['fr', 'en']).describe('The language the agency writes to them in'),
    active: z.boolean(),
    createdAt: instant,
    updatedAt: instant,
  })
  .describe('Who they are and how the agency reaches them');

const addressSchema = z
  .object({
    street: z.string().nullable(),
    city: z.string().nullable(),
    province: z.string(),
    postalCode: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  })
  .describe('Home address, as the office typed it');

const employmentSchema = z
  .object({
    employeeNumber: z.string(),
    status: z.string(),
    fearOfHeights: z.boolean(),
    warrantyUntil: day.nullable(),
    notes: z.string().nullable().describe('The office’s notes about them'),
    skills: z.array(
      z.object({
        nameFr: z.string(),
        nameEn: z.string(),
        obtainedOn: day.nullable(),
        expiresOn: day.nullable(),
      }),
    ),
    tools: z.array(z.object({ nameFr: z.string(), nameEn: z.string() })),
  })
  .describe('An employee’s file with the agency');

const applicationSchema = z
  .object({
    status: z.string(),
    source: z.string(),
    city: z.string().nullable(),
    yearsOfExperience: z.number().int().nullable(),
    ccqCardNumber: z.string().nullable(),
    ccqCardLevel: z.string().nullable(),
    ccqCardExpiresOn: day.nullable(),
    availableOn: day.nullable(),
    notes: z.string().nullable(),
    skills: z.array(z.object({ nameFr: z.string(), nameEn: z.string() })),
    cv: z
      .object({ fileName: z.string(), contentType: z.string(), size: z.number().int(), path: z.string() })
      .nullable()
      .describe('The CV they gave, and where it is in the ZIP'),
    history: z.array(
      z.object({
        fromStatus: z.string().nullable(),
        toStatus: z.string(),
        note: z.string().nullable(),
        at: instant,
      }),
    ),
  })
  .describe('An applicant’s file');

const supervisionSchema = z
  .object({
    client: z.object({ id: z.string(), name: z.string() }).nullable(),
    sites: z.array(
      z.object({ id: z.string(), name: z.string(), startDate: day.nullable(), endDate: day.nullable() }),
    ),
    approvals: z.array(
      z.object({ timesheetId: z.string(), site: z.string(), weekStart: day, approvedAt: instant.nullable() }),
    ),
  })
  .describe('A supervisor’s sites and the timesheets they approved');

const assignationSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  client: z.string(),
  site: z.string(),
  startsOn: day,
  endsOn: day,
  status: z.string(),
  answeredBy: z.string().nullable(),
  answeredAt: instant.nullable(),
  createdAt: instant,
});

const absenceSchema = z.object({
  id: z.string(),
  type: z.string(),
  startsOn: day,
  endsOn: day.nullable(),
  fromMinute: z.number().int().nullable(),
  toMinute: z.number().int().nullable(),
  reason: z.string().nullable(),
  client: z.string().nullable(),
  site: z.string().nullable(),
});

const timeEntrySchema = z.object({
  id: z.string(),
  workDate: day,
  client: z.string(),
  site: z.string(),
  startMinute: z.number().int().describe('Minutes after the work day’s midnight'),
  endMinute: z.number().int(),
  breakMinutes: z.number().int(),
  minutes: z.number().int().describe('Worked minutes'),
  parkingCents: z.number().int().describe('Parking paid, in cents'),
  comment: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  photos: z.array(z.string()).describe('Paths of the receipt photos in the ZIP'),
});

const messageSchema = z
  .object({
    id: z.string(),
    at: instant,
    type: z.string(),
    direction: z.enum(['out', 'in']),
    status: z.string(),
    phone: z.string(),
    characters: z.number().int().describe('The length of the text; the text itself is in messages.csv'),
  })
  .describe('An SMS to or from them (metadata; the texts are in messages.csv)');

/** `personne.json`. */
export const personalDataFileSchema = z
  .object({
    format: z.literal(personalDataFormat),
    exportedAt: instant,
    kind: z.enum(personKinds),
    identity: identitySchema,
    address: addressSchema.nullable(),
    employment: employmentSchema.nullable(),
    application: applicationSchema.nullable(),
    supervision: supervisionSchema.nullable(),
    assignations: z.array(assignationSchema),
    absences: z.array(absenceSchema),
    totals: z.object({
      entries: z.number().int(),
      minutes: z.number().int(),
      parkingCents: z.number().int(),
      messages: z.number().int(),
    }),
    timeEntries: z.array(timeEntrySchema).describe('Their hours, oldest first (also in heures.csv)'),
    messages: z.array(messageSchema).describe('Thread by thread (General, Assignation…), each oldest first'),
  })
  .describe('Everything Brigade holds about one person (Québec, Law 25: access and portability)');
export type PersonalDataFile = z.infer<typeof personalDataFileSchema>;

/** What an anonymisation erased. */
export const anonymizeResultSchema = z.object({
  id: z.string(),
  kind: z.enum(personKinds),
  /** What now stands for their name ("Personne 7F3A2C"): the same every time for the same person. */
  pseudonym: z.string(),
  anonymizedAt: z.string(),
  erased: z.object({
    files: z.number().int().describe('CVs and receipt photos deleted'),
    messages: z.number().int().describe('SMS whose text was blanked'),
  }),
});
export type AnonymizeResult = z.infer<typeof anonymizeResultSchema>;
