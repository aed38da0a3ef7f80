import { z } from 'zod';
import { optionalPhoneSchema } from './address.ts';
import { emailSchema } from './auth.ts';
import { siteStatuses } from './clients.ts';
import { activeFilterSchema, listQuerySchema, pageSchema } from './list.ts';
import { languages } from './roles.ts';
import { text } from './text.ts';

// Schemas of the supervisors domain, shared by the API routes, the web forms and the tests.
// A supervisor is a `users` row with role 'supervisor' belonging to a client (the client's site foreman).

const personName = text(100).min(1);

/** How a new supervisor is invited to choose a password ('none': not now). */
export const supervisorInvitationChannels = ['email', 'sms', 'none'] as const;
export type SupervisorInvitationChannel = (typeof supervisorInvitationChannels)[number];

const supervisorFields = {
  firstName: personName,
  lastName: personName,
  /** Required for supervisors (they sign in with it); unique whatever its case among all users. */
  email: emailSchema,
  /** Mobile phone, E.164 once parsed; optional but recommended (magic links go by SMS). */
  phone: optionalPhoneSchema,
  language: z.enum(languages).default('fr'),
  clientId: z.uuid(),
};

export const supervisorCreateSchema = z
  .object({
    ...supervisorFields,
    invitationChannel: z.enum(supervisorInvitationChannels).default('email'),
  })
  .refine((value) => value.invitationChannel !== 'sms' || !!value.phone, {
    path: ['phone'],
    message: 'required_for_sms',
  });
export type SupervisorCreate = z.input<typeof supervisorCreateSchema>;

/** PUT: the whole supervisor, so nothing has a default (a missing `active` is a 400 naming it). */
export const supervisorUpdateSchema = z.object({
  ...supervisorFields,
  language: z.enum(languages),
  active: z.boolean(),
});
export type SupervisorUpdate = z.input<typeof supervisorUpdateSchema>;

export const supervisorSortable = ['lastName', 'firstName', 'clientName', 'siteCount'] as const;
export type SupervisorSort = (typeof supervisorSortable)[number];

export const supervisorListQuerySchema = listQuerySchema(supervisorSortable, 'lastName').extend({
  active: activeFilterSchema,
  clientId: z.uuid().optional(),
});
export type SupervisorListQuery = z.input<typeof supervisorListQuerySchema>;

export const supervisorListItemSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  language: z.enum(languages),
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  active: z.boolean(),
  siteCount: z.number().int(),
});
export type SupervisorListItem = z.infer<typeof supervisorListItemSchema>;

export const supervisorPageSchema = pageSchema(supervisorListItemSchema);
export type SupervisorPage = z.infer<typeof supervisorPageSchema>;

export const supervisorSiteSchema = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  clientId: z.string(),
  status: z.enum(siteStatuses),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
export type SupervisorSite = z.infer<typeof supervisorSiteSchema>;

export const supervisorInvitationSummarySchema = z.object({
  channel: z.enum(['email', 'sms']),
  at: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
});

/**
 * A live site (active or upcoming) that has no other active supervisor: the supervisor cannot be
 * archived or moved to another client until it has one (409 CONFLICT details.sites, and the
 * supervisor's detail `soleSupervisorOf`).
 */
export const supervisorOrphanedSiteSchema = z.object({
  id: z.string(),
  name: z.string(),
  clientId: z.string(),
  clientName: z.string(),
});
export type SupervisorOrphanedSite = z.infer<typeof supervisorOrphanedSiteSchema>;

export const supervisorDetailSchema = supervisorListItemSchema
  .omit({ clientName: true, siteCount: true })
  .extend({
    client: z.object({ id: z.string(), name: z.string() }).nullable(),
    sites: z.array(supervisorSiteSchema),
    /** The live sites they alone supervise: archiving them is refused until these have another. */
    soleSupervisorOf: z.array(supervisorOrphanedSiteSchema),
    /** True when nothing refers to the supervisor: DELETE removes them for good. */
    deletable: z.boolean(),
    /** Whether they have chosen a password yet. */
    hasPassword: z.boolean(),
    lastInvitation: supervisorInvitationSummarySchema.nullable(),
    /** When they were anonymised (Law 25): their details are a pseudonym, their sign-in gone. */
    anonymizedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  });
export type SupervisorDetail = z.infer<typeof supervisorDetailSchema>;

export const supervisorInvitationRequestSchema = z.object({
  channel: z.enum(['email', 'sms']).default('email'),
});
export const supervisorInvitationResponseSchema = z.object({ channel: z.enum(['email', 'sms']) });
