import { z } from 'zod';
import { optionalDateSchema, optionalEmailSchema, optionalText } from './address.ts';
import { phoneSchema } from './auth.ts';
import { applicantSources, applicantStatuses, ccqCardLevels } from './enums.ts';
import { listQuerySchema, pageSchema } from './list.ts';
import { languages } from './roles.ts';
import { text } from './text.ts';

// Schemas of recruiting (applicants, from first call to hire), shared by the API routes, the web
// forms and the tests.

export {
  type ApplicantSource,
  type ApplicantStatus,
  applicantSources,
  applicantStatuses,
  type CcqCardLevel,
  ccqCardLevels,
} from './enums.ts';

/** The CV: a PDF or a photo of it, at most 5 MB. */
export const cvMaxBytes = 5 * 1024 * 1024;
export const cvContentTypes = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * A CCQ competency card number: digits only once spaces and dashes are removed, 6 to 12 of them
 * (`invalid_ccq_card` otherwise); stored without separators. Blank is none.
 */
export const ccqCardNumberSchema = text(30)
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    const digits = value.replace(/[\s-]/g, '');
    if (!/^\d{6,12}$/.test(digits)) {
      ctx.addIssue({ code: 'custom', message: 'invalid_ccq_card' });
      return z.NEVER;
    }
    return digits;
  });

const applicantFields = {
  firstName: text(100).min(1, { message: 'required' }),
  lastName: text(100).min(1, { message: 'required' }),
  /** Mobile, E.164 once parsed: how the office reaches them. */
  phone: phoneSchema,
  email: optionalEmailSchema,
  language: z.enum(languages).default('fr'),
  city: optionalText(100),
  skillIds: z.array(z.uuid()).max(30).default([]),
  yearsOfExperience: z.number().int().min(0).max(70).nullish().default(null),
  ccqCardNumber: ccqCardNumberSchema,
  ccqCardLevel: z.enum(ccqCardLevels).nullish().default(null),
  ccqCardExpiresOn: optionalDateSchema,
  availableOn: optionalDateSchema,
  source: z.enum(applicantSources).default('other'),
  notes: optionalText(4000, { multiline: true }),
};

/** POST: a new applicant starts as `new` (or the status given, e.g. met at a job fair: contacted). */
export const applicantCreateSchema = z.object({
  ...applicantFields,
  status: z.enum(applicantStatuses).default('new'),
});
export type ApplicantCreate = z.input<typeof applicantCreateSchema>;
export type ApplicantCreateParsed = z.output<typeof applicantCreateSchema>;

/** PUT: every field (the status changes through POST …/status, which keeps its history). */
export const applicantUpdateSchema = z.object({
  ...applicantFields,
  language: z.enum(languages),
  source: z.enum(applicantSources),
  skillIds: z.array(z.uuid()).max(30),
});
export type ApplicantUpdate = z.input<typeof applicantUpdateSchema>;
export type ApplicantUpdateParsed = z.output<typeof applicantUpdateSchema>;

/** A move on the board (or from the page), with why. Hired only through Hire. */
export const applicantStatusChangeSchema = z.object({
  status: z.enum(applicantStatuses).refine((status) => status !== 'hired', { message: 'hire_instead' }),
  note: optionalText(500),
});

/** Hire: the employee number (the next free one is suggested) and how to send the invitation. */
export const applicantHireSchema = z.object({
  employeeNumber: text(30).min(1, { message: 'required' }),
  invitationChannel: z.enum(['sms', 'email', 'none']).default('sms'),
});

export const applicantSortable = ['updatedAt', 'lastName', 'status', 'availableOn', 'createdAt'] as const;
export const applicantListQuerySchema = listQuerySchema(applicantSortable, 'updatedAt').extend({
  status: z.enum(applicantStatuses).optional(),
  source: z.enum(applicantSources).optional(),
  skillId: z.uuid().optional(),
});
export type ApplicantListQuery = z.input<typeof applicantListQuerySchema>;

export const applicantListItemSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  city: z.string().nullable(),
  status: z.enum(applicantStatuses),
  source: z.enum(applicantSources),
  yearsOfExperience: z.number().int().nullable(),
  availableOn: z.string().nullable(),
  ccqCardLevel: z.enum(ccqCardLevels).nullable(),
  hasCv: z.boolean(),
  skills: z.array(z.object({ id: z.string(), nameFr: z.string(), nameEn: z.string() })),
  updatedAt: z.string(),
});
export type ApplicantListItem = z.infer<typeof applicantListItemSchema>;
export const applicantPageSchema = pageSchema(applicantListItemSchema);

export const applicantStatusEventSchema = z.object({
  id: z.string(),
  fromStatus: z.enum(applicantStatuses).nullable(),
  toStatus: z.enum(applicantStatuses),
  note: z.string().nullable(),
  changedBy: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  changedAt: z.string(),
});
export type ApplicantStatusEvent = z.infer<typeof applicantStatusEventSchema>;

export const applicantDetailSchema = applicantListItemSchema.extend({
  language: z.enum(languages),
  ccqCardNumber: z.string().nullable(),
  ccqCardExpiresOn: z.string().nullable(),
  notes: z.string().nullable(),
  cv: z.object({ fileName: z.string(), contentType: z.string(), size: z.number().int() }).nullable(),
  /** The employee they became (Hire). */
  employee: z.object({ id: z.string(), employeeNumber: z.string() }).nullable(),
  history: z.array(applicantStatusEventSchema),
  /** Their SMS conversation (type Applicants), once there is one. */
  conversationId: z.string().nullable(),
  /** When they were anonymised (Law 25): their details are a pseudonym, their CV gone. */
  anonymizedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApplicantDetail = z.infer<typeof applicantDetailSchema>;

export const applicantHiredSchema = z.object({
  employeeId: z.string(),
  invitation: z.object({ channel: z.enum(['sms', 'email', 'none']) }),
});
