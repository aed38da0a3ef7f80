import { z } from 'zod';
import {
  optionalDateSchema,
  optionalEmailSchema,
  optionalPhoneSchema,
  optionalText,
  postalCodeSchema,
  provinces,
} from './address.ts';
import { employeeStatuses } from './enums.ts';
import { checkCoordinatesPair, latitudeSchema, longitudeSchema } from './geo.ts';
import { activeFilterSchema, listQuerySchema, pageSchema } from './list.ts';
import { whenValid } from './refine.ts';
import { languages } from './roles.ts';
import { text } from './text.ts';

// Schemas of the employees domain (construction workers), shared by the API routes, the web forms and the tests.

export { type EmployeeStatus, employeeStatuses } from './enums.ts';

/** How a new employee is invited to choose a password. Workers often have no e-mail: SMS first. */
export const invitationChannels = ['sms', 'email', 'none'] as const;
export type InvitationChannel = (typeof invitationChannels)[number];

/**
 * A skill held. Only an expirable skill has an expiry date (checked by the server, which knows the
 * skill): a date for one that does not expire is refused (`not_expirable`); an expirable one may
 * wait for its date, shown as to be entered.
 */
export const employeeSkillInputSchema = z
  .object({
    skillId: z.uuid({ message: 'required' }),
    obtainedOn: optionalDateSchema,
    expiresOn: optionalDateSchema.describe(
      'Expirable skills only (refused with not_expirable otherwise); may be left empty until known',
    ),
  })
  .refine((v) => !v.obtainedOn || !v.expiresOn || v.expiresOn >= v.obtainedOn, {
    path: ['expiresOn'],
    message: 'end_before_start',
    ...whenValid('obtainedOn', 'expiresOn'),
  });
export type EmployeeSkillInput = z.input<typeof employeeSkillInputSchema>;

const employeeFields = {
  employeeNumber: text(30).min(1, { message: 'required' }),
  firstName: text(100).min(1, { message: 'required' }),
  lastName: text(100).min(1, { message: 'required' }),
  email: optionalEmailSchema,
  /** Mobile phone (invitations and assignations go out by SMS). */
  phone: optionalPhoneSchema,
  language: z.enum(languages).default('fr'),
  street: optionalText(200),
  city: optionalText(100),
  province: z.enum(provinces).default('QC'),
  postalCode: postalCodeSchema,
  /** Home, picked on a map (distance to the sites in the matching): both or neither. */
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  status: z.enum(employeeStatuses).default('disponible'),
  fearOfHeights: z.boolean().default(false),
  /** End of the agency's replacement guarantee. */
  warrantyUntil: optionalDateSchema,
  notes: optionalText(2000, { multiline: true }),
  skills: z.array(employeeSkillInputSchema).max(100).default([]),
  toolIds: z.array(z.uuid()).max(100).default([]),
};

function noDuplicateSkills(value: { skills: { skillId: string }[] }, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  value.skills.forEach((skill, index) => {
    if (seen.has(skill.skillId)) {
      ctx.addIssue({ code: 'custom', path: ['skills', index, 'skillId'], message: 'duplicate' });
    }
    seen.add(skill.skillId);
  });
}

export const createEmployeeSchema = z
  .object({ ...employeeFields, invitationChannel: z.enum(invitationChannels).default('sms') })
  .superRefine(noDuplicateSkills, whenValid('skills'))
  .superRefine(checkCoordinatesPair, whenValid('latitude', 'longitude'));
export type CreateEmployee = z.input<typeof createEmployeeSchema>;
export type CreateEmployeeParsed = z.output<typeof createEmployeeSchema>;

/**
 * PUT: the whole employee, so nothing has a default — a missing `active`, `status`, `skills`… is a
 * 400 naming the field, never a silent reset. Blank optional fields become null.
 */
export const updateEmployeeSchema = z
  .object({
    ...employeeFields,
    language: z.enum(languages),
    province: z.enum(provinces),
    status: z.enum(employeeStatuses),
    fearOfHeights: z.boolean(),
    skills: z.array(employeeSkillInputSchema).max(100),
    toolIds: z.array(z.uuid()).max(100),
    active: z.boolean(),
  })
  .superRefine(noDuplicateSkills, whenValid('skills'))
  .superRefine(checkCoordinatesPair, whenValid('latitude', 'longitude'));
export type UpdateEmployee = z.input<typeof updateEmployeeSchema>;
export type UpdateEmployeeParsed = z.output<typeof updateEmployeeSchema>;

export const employeeSortable = [
  'lastName',
  'firstName',
  'employeeNumber',
  'city',
  'status',
  'warrantyUntil',
] as const;
export type EmployeeSort = (typeof employeeSortable)[number];

export const employeeListQuerySchema = listQuerySchema(employeeSortable, 'lastName').extend({
  active: activeFilterSchema,
  status: z.enum(employeeStatuses).optional(),
  skillId: z.uuid().optional(),
  /** With skillId: only holders whose certificate has not expired (no expiry, or today or later). */
  skillValid: z.enum(['true', 'false']).optional(),
  toolId: z.uuid().optional(),
  province: z.enum(provinces).optional(),
  city: text(100).optional(),
  fearOfHeights: z.enum(['true', 'false']).optional(),
});
export type EmployeeListQuery = z.input<typeof employeeListQuerySchema>;

export const employeeListItemSchema = z.object({
  id: z.string(),
  employeeNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  language: z.enum(languages),
  city: z.string().nullable(),
  province: z.enum(provinces),
  status: z.enum(employeeStatuses),
  active: z.boolean(),
  fearOfHeights: z.boolean(),
  warrantyUntil: z.string().nullable(),
  skillCount: z.number().int(),
  /** With the skillId filter: when the employee's certificate for that skill expires (null: never). */
  skillExpiresOn: z.string().nullable().optional(),
});
export type EmployeeListItem = z.infer<typeof employeeListItemSchema>;
export const employeePageSchema = pageSchema(employeeListItemSchema);

export const employeeSkillSchema = z.object({
  skillId: z.string(),
  nameFr: z.string(),
  nameEn: z.string(),
  expirable: z.boolean(),
  important: z.boolean(),
  obtainedOn: z.string().nullable(),
  expiresOn: z.string().nullable(),
  /** The expiry date is before today (company time). */
  expired: z.boolean(),
  /** Days from today to the expiry date (negative once expired); null without an expiry. */
  daysLeft: z.number().int().nullable(),
});
export type EmployeeSkill = z.infer<typeof employeeSkillSchema>;

export const employeeDetailSchema = z.object({
  id: z.string(),
  employeeNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  language: z.enum(languages),
  active: z.boolean(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  province: z.enum(provinces),
  postalCode: z.string().nullable(),
  /** Home, both or neither. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  status: z.enum(employeeStatuses),
  fearOfHeights: z.boolean(),
  warrantyUntil: z.string().nullable(),
  notes: z.string().nullable(),
  skills: z.array(employeeSkillSchema),
  tools: z.array(z.object({ toolId: z.string(), nameFr: z.string(), nameEn: z.string() })),
  /** Nothing refers to the employee yet: DELETE removes them for good (otherwise it archives). */
  deletable: z.boolean(),
  /** The employee has chosen a password (accepted their invitation). */
  hasPassword: z.boolean(),
  /** The applicant they were hired from (recruiting), for the office; null otherwise. */
  hiredFromApplicantId: z.string().nullable(),
  /** When they were anonymised (Law 25): their details are a pseudonym, their sign-in gone. */
  anonymizedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmployeeDetail = z.infer<typeof employeeDetailSchema>;

/** Which channel a new employee's invitation went by; 'none': not asked for, or no phone nor e-mail. */
export const employeeInvitationChannelsUsed = ['sms', 'email', 'none'] as const;
export type EmployeeInvitationChannelUsed = (typeof employeeInvitationChannelsUsed)[number];

/** POST /api/employees answers the new employee and how they were invited. */
export const employeeCreatedSchema = employeeDetailSchema.extend({
  invitation: z.object({ channel: z.enum(employeeInvitationChannelsUsed) }),
});
export type EmployeeCreated = z.infer<typeof employeeCreatedSchema>;

export const employeeInvitationSchema = z.object({ channel: z.enum(['sms', 'email']).default('sms') });
export const employeeInvitationResultSchema = z.object({ channel: z.enum(['sms', 'email']).nullable() });

/** GET /api/employees/next-number: the number to suggest for a new employee. */
export const employeeNextNumberSchema = z.object({ employeeNumber: z.string() });
export type EmployeeNextNumber = z.infer<typeof employeeNextNumberSchema>;

/** Days before its expiry when a skill is shown as expiring soon. */
export const skillExpiryWarningDays = 30;
