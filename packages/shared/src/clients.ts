import { z } from 'zod';
import {
  addressSchema,
  optionalDateSchema,
  optionalEmailSchema,
  optionalPhoneSchema,
  optionalText,
  provinces,
} from './address.ts';
import { type SiteStatus, siteStatuses, siteTypes } from './enums.ts';
import { checkCoordinatesPair, latitudeSchema, longitudeSchema } from './geo.ts';
import { activeFilterSchema, deleteOutcomeSchema, listQuerySchema, pageSchema } from './list.ts';
import { whenValid } from './refine.ts';
import { languages } from './roles.ts';
import { nameSchema } from './text.ts';

// Schemas of the clients domain (clients and their job sites), shared by the API routes, the web
// forms and the tests.

// ---------- Clients ----------

/**
 * Create body of a client (blank optional fields become null). The name is unique whatever its
 * case, accents and spacing ("Construction Berube & Fils" is "Construction Bérubé & Fils").
 */
export const clientInputSchema = z.object({
  name: nameSchema(200),
  phone: optionalPhoneSchema,
  email: optionalEmailSchema,
  ...addressSchema.shape,
  language: z.enum(languages).default('fr'),
  notes: optionalText(4000, { multiline: true }),
  active: z.boolean().default(true),
  /**
   * "Envoi automatique": the timesheets made each week for its sites go to their supervisors by
   * themselves, Monday 07:00, each in their language.
   */
  timesheetAutoSend: z.boolean().default(false),
});
export type ClientInput = z.input<typeof clientInputSchema>;
export type ClientInputParsed = z.output<typeof clientInputSchema>;

/**
 * PUT body of a client: the whole record, so nothing has a default (a missing `active` is a 400
 * naming it, never a silent reactivation). Blank optional fields become null.
 */
export const clientUpdateSchema = clientInputSchema.extend({
  province: z.enum(provinces),
  language: z.enum(languages),
  active: z.boolean(),
  timesheetAutoSend: z.boolean(),
  /**
   * When this PUT reactivates the client: which of the supervisors archived with it (its detail's
   * `supervisors[].archivedWithClient`) come back with it, in the same transaction. Not part of the
   * record, so it may be left out (none come back); an id that is not one of them is a 400.
   */
  reactivateSupervisorIds: z.array(z.uuid()).max(200).default([]),
});
export type ClientUpdate = z.input<typeof clientUpdateSchema>;
export type ClientUpdateParsed = z.output<typeof clientUpdateSchema>;

/** DELETE /api/clients/:id: archiving a client also archives its active supervisors (how many). */
export const clientDeleteOutcomeSchema = deleteOutcomeSchema.extend({
  archivedSupervisors: z.number().int(),
});
export type ClientDeleteOutcome = z.infer<typeof clientDeleteOutcomeSchema>;

export const clientSortable = ['name', 'city', 'siteCount', 'activeSiteCount'] as const;
export type ClientSort = (typeof clientSortable)[number];

export const clientListQuerySchema = listQuerySchema(clientSortable, 'name').extend({
  active: activeFilterSchema,
  province: z.enum(provinces).optional(),
});
export type ClientListQuery = z.input<typeof clientListQuerySchema>;

export const clientListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  city: z.string().nullable(),
  province: z.enum(provinces),
  active: z.boolean(),
  siteCount: z.number().int(),
  activeSiteCount: z.number().int(),
  supervisorCount: z.number().int(),
});
export type ClientListItem = z.infer<typeof clientListItemSchema>;
export const clientPageSchema = pageSchema(clientListItemSchema);

// ---------- Sites ----------

export { type SiteStatus, type SiteType, siteStatuses, siteTypes } from './enums.ts';

/**
 * The status of a site of an active client on a given calendar day (yyyy-MM-dd); the server computes
 * the same in SQL (where an archived client's sites are inactive too).
 */
export function siteStatusOn(
  site: { archived: boolean; startDate: string | null; endDate: string | null },
  today: string,
): SiteStatus {
  if (site.archived || (site.endDate !== null && site.endDate < today)) return 'inactive';
  if (site.startDate !== null && site.startDate > today) return 'upcoming';
  return 'active';
}

/** Create body of a site (and PUT's fields, see siteUpdateSchema). */
const siteFields = z.object({
  name: nameSchema(200),
  ...addressSchema.shape,
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  po: optionalText(100),
  jobNumber: optionalText(100),
  type: z.enum(siteTypes).default('aucun'),
  adminHoursName: optionalText(200),
  adminHoursEmail: optionalEmailSchema,
  /** At least one; active supervisors of the site's client. */
  supervisorIds: z.array(z.uuid()).min(1, 'supervisor_required').max(20),
  startDate: optionalDateSchema,
  endDate: optionalDateSchema,
  comments: optionalText(4000, { multiline: true }),
  archived: z.boolean().default(false),
});

function checkSiteDatesAndCoordinates(
  site: {
    startDate: string | null;
    endDate: string | null;
    latitude: number | null;
    longitude: number | null;
  },
  ctx: z.RefinementCtx,
) {
  if (site.startDate && site.endDate && site.endDate < site.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'end_before_start' });
  }
  checkCoordinatesPair(site, ctx);
}

/** The dates and coordinates are checked together as soon as they are valid themselves. */
const checkedFields = whenValid('startDate', 'endDate', 'latitude', 'longitude');

/** POST /api/clients/:id/sites. The name is unique within the client (case, accents, spacing aside). */
export const siteInputSchema = siteFields.superRefine(checkSiteDatesAndCoordinates, checkedFields);
export type SiteInput = z.input<typeof siteInputSchema>;
export type SiteInputParsed = z.output<typeof siteInputSchema>;

/** PUT /api/sites/:id: the whole site, so nothing has a default (a missing `archived` is a 400). */
export const siteUpdateSchema = siteFields
  .extend({ province: z.enum(provinces), type: z.enum(siteTypes), archived: z.boolean() })
  .superRefine(checkSiteDatesAndCoordinates, checkedFields);
export type SiteUpdate = z.input<typeof siteUpdateSchema>;

export const siteSupervisorSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type SiteSupervisor = z.infer<typeof siteSupervisorSchema>;

export const siteSortable = ['name', 'clientName', 'city', 'startDate', 'endDate', 'status'] as const;
export const siteStatusFilterSchema = z.enum([...siteStatuses, 'all']).default('all');
export const siteListQuerySchema = listQuerySchema(siteSortable, 'name').extend({
  clientId: z.uuid().optional(),
  status: siteStatusFilterSchema,
});
export type SiteListQuery = z.input<typeof siteListQuerySchema>;

export const siteListItemSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  name: z.string(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  province: z.enum(provinces),
  postalCode: z.string().nullable(),
  po: z.string().nullable(),
  jobNumber: z.string().nullable(),
  type: z.enum(siteTypes),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  archived: z.boolean(),
  status: z.enum(siteStatuses),
  supervisors: z.array(siteSupervisorSchema),
});
export type SiteListItem = z.infer<typeof siteListItemSchema>;
export const sitePageSchema = pageSchema(siteListItemSchema);

export const siteDetailSchema = siteListItemSchema.extend({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  adminHoursName: z.string().nullable(),
  adminHoursEmail: z.string().nullable(),
  comments: z.string().nullable(),
  /** True when nothing refers to the site: DELETE removes it; otherwise DELETE archives it. */
  deletable: z.boolean(),
});
export type SiteDetail = z.infer<typeof siteDetailSchema>;

// ---------- Client detail ----------

export const clientSupervisorSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  active: z.boolean(),
  /**
   * Archived by the client's last archive (not before it on their own) and not back since: what
   * reactivating the client offers to bring back (PUT `reactivateSupervisorIds`).
   */
  archivedWithClient: z.boolean(),
});
export type ClientSupervisor = z.infer<typeof clientSupervisorSchema>;

export const clientDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  province: z.enum(provinces),
  postalCode: z.string().nullable(),
  language: z.enum(languages),
  notes: z.string().nullable(),
  active: z.boolean(),
  timesheetAutoSend: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sites: z.array(siteDetailSchema),
  supervisors: z.array(clientSupervisorSchema),
  /** True when nothing refers to the client: DELETE removes it; otherwise DELETE archives it. */
  deletable: z.boolean(),
});
export type ClientDetail = z.infer<typeof clientDetailSchema>;
