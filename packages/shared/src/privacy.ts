import { z } from 'zod';
import {
  isoDateSchema,
  optionalDateSchema,
  optionalEmailSchema,
  optionalPhoneSchema,
  optionalText,
} from './address.ts';
import { listQuerySchema, pageSchema } from './list.ts';
import { whenValid } from './refine.ts';
import { nameSchema } from './text.ts';

// Québec's Act respecting the protection of personal information in the private sector (Law 25):
// the person in charge of the protection of personal information, named on the public privacy page
// and in every e-mail's footer, and the register of confidentiality incidents (s. 3.8).

// ---------- The person in charge ----------

/**
 * The person in charge of the protection of personal information (s. 3.1): the office names them
 * (PUT, admins); the public privacy page and every e-mail show them. All four are required: a
 * contact the public cannot reach is none.
 */
export const privacyOfficerInputSchema = z.object({
  name: nameSchema(200),
  title: nameSchema(200),
  email: optionalEmailSchema.refine((value) => value !== null, { message: 'required' }),
  phone: optionalPhoneSchema.refine((value) => value !== null, { message: 'required' }),
});
export type PrivacyOfficerInput = z.input<typeof privacyOfficerInputSchema>;
export type PrivacyOfficerInputParsed = z.output<typeof privacyOfficerInputSchema>;

/** GET /privacy-officer: null until the office names someone. */
export const privacyOfficerSchema = z
  .object({
    name: z.string(),
    title: z.string(),
    email: z.string(),
    phone: z.string(),
    updatedAt: z.string(),
  })
  .nullable();
export type PrivacyOfficer = z.infer<typeof privacyOfficerSchema>;

// ---------- Confidentiality incidents ----------

/** A notice (to the Commission d'accès à l'information, to the people): the day it went, or null (not sent). */
const noticeDate = optionalDateSchema.describe(
  'The day the notice was sent (yyyy-MM-dd); null when not sent',
);

/**
 * One confidentiality incident as recorded (POST and PUT: the whole record). Incidents are kept:
 * there is no deletion, and every change is in the audit log.
 */
export const privacyIncidentInputSchema = z
  .object({
    occurredOn: isoDateSchema.describe('The day of the incident (its first day when unknown exactly)'),
    discoveredOn: isoDateSchema.describe('The day the agency learned of it'),
    description: nameSchema(4000).describe('What happened'),
    personalInformation: nameSchema(4000).describe('The personal information involved'),
    affectedCount: z
      .number()
      .int()
      .min(0)
      .max(10_000_000)
      .nullish()
      .default(null)
      .describe('How many people are affected, when known'),
    affectedPeople: optionalText(4000, { multiline: true }).describe('Who is affected, in words'),
    seriousInjuryRisk: z
      .boolean({ message: 'required' })
      .describe('Whether it presents a risk of serious injury'),
    riskAssessment: optionalText(4000, { multiline: true }).describe('The assessment of that risk'),
    commissionNotifiedOn: noticeDate,
    peopleNotifiedOn: noticeDate,
    measures: optionalText(4000, { multiline: true }).describe(
      'Measures taken to reduce the risk and prevent new incidents',
    ),
  })
  .superRefine(datesInOrder, whenValid('occurredOn', 'discoveredOn'));
export type PrivacyIncidentInput = z.input<typeof privacyIncidentInputSchema>;
export type PrivacyIncidentInputParsed = z.output<typeof privacyIncidentInputSchema>;

function datesInOrder(value: { occurredOn: string; discoveredOn: string }, ctx: z.RefinementCtx) {
  if (value.discoveredOn < value.occurredOn) {
    ctx.addIssue({ code: 'custom', path: ['discoveredOn'], message: 'end_before_start' });
  }
}

export const privacyIncidentSchema = z.object({
  id: z.string(),
  /** Its number in the register (1, 2, 3…), in the order they were recorded. */
  number: z.number().int(),
  occurredOn: z.string(),
  discoveredOn: z.string(),
  description: z.string(),
  personalInformation: z.string(),
  affectedCount: z.number().int().nullable(),
  affectedPeople: z.string().nullable(),
  seriousInjuryRisk: z.boolean(),
  riskAssessment: z.string().nullable(),
  commissionNotifiedOn: z.string().nullable(),
  peopleNotifiedOn: z.string().nullable(),
  measures: z.string().nullable(),
  recordedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PrivacyIncident = z.infer<typeof privacyIncidentSchema>;

export const privacyIncidentSortable = ['number', 'occurredOn', 'discoveredOn'] as const;
export type PrivacyIncidentSort = (typeof privacyIncidentSortable)[number];

/** The register's list: searched in its words, newest first by default. */
export const privacyIncidentListQuerySchema = listQuerySchema(privacyIncidentSortable, 'number').extend({
  order: z.enum(['asc', 'desc']).default('desc'),
  seriousInjuryRisk: z.enum(['true', 'false', 'all']).default('all'),
});
export type PrivacyIncidentListQuery = z.input<typeof privacyIncidentListQuerySchema>;
export const privacyIncidentPageSchema = pageSchema(privacyIncidentSchema);

/** The register as a workbook, in the asker's language unless another is named. */
export const privacyIncidentExportQuerySchema = z.object({
  language: z.enum(['fr', 'en']).optional().describe("The workbook's language; the asker's when left out"),
});
