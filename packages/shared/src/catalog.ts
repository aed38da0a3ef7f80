import { z } from 'zod';
import { optionalText } from './address.ts';
import { activeFilterSchema, listQuerySchema, pageSchema } from './list.ts';
import { nameSchema } from './text.ts';

// Schemas of the catalog domain (skills and tools), shared by the API routes, the web forms and the tests.

/**
 * A name in one language: required, single-spaced, unique among skills (or tools) whatever its
 * case and accents ("Soudure a l'arc" is "Soudure à l'arc").
 */
export const catalogNameSchema = nameSchema(120);

/** `true|false` in a query string; absent means no filter. */
const booleanFilterSchema = z.enum(['true', 'false']).optional();

// ── Skills ────────────────────────────────────────────────────────────────────

/** POST /api/skills. */
export const skillCreateSchema = z.object({
  nameFr: catalogNameSchema,
  nameEn: catalogNameSchema,
  /** Held with an expiry date (a certificate to renew). */
  expirable: z.boolean().default(false),
  /** Shown first when matching workers to orders. */
  important: z.boolean().default(false),
  active: z.boolean().default(true),
});
export type SkillCreate = z.input<typeof skillCreateSchema>;

/**
 * PUT /api/skills/:id: the whole skill, like every PUT (a missing field is a 400 naming it, never a
 * silent reset); `active: true` re-activates an archived skill.
 */
export const skillUpdateSchema = z.object({
  nameFr: catalogNameSchema,
  nameEn: catalogNameSchema,
  expirable: z.boolean(),
  important: z.boolean(),
  active: z.boolean(),
});
export type SkillUpdate = z.input<typeof skillUpdateSchema>;

export const skillSortable = ['nameFr', 'nameEn', 'holderCount', 'important'] as const;
export type SkillSort = (typeof skillSortable)[number];

/** GET /api/skills query. */
export const skillListQuerySchema = listQuerySchema(skillSortable, 'nameFr').extend({
  active: activeFilterSchema,
  important: booleanFilterSchema,
});
export type SkillListQuery = z.input<typeof skillListQuerySchema>;

export const skillSchema = z.object({
  id: z.string(),
  nameFr: z.string(),
  nameEn: z.string(),
  expirable: z.boolean(),
  important: z.boolean(),
  active: z.boolean(),
});
export type Skill = z.infer<typeof skillSchema>;

export const skillListItemSchema = skillSchema.extend({ holderCount: z.number().int() });
export type SkillListItem = z.infer<typeof skillListItemSchema>;
export const skillPageSchema = pageSchema(skillListItemSchema);
export type SkillPage = z.infer<typeof skillPageSchema>;

/** GET /api/skills/options: every active skill, for pickers and filters (no counts, no pages). */
export const skillOptionSchema = skillSchema.pick({
  id: true,
  nameFr: true,
  nameEn: true,
  expirable: true,
  important: true,
});
export type SkillOption = z.infer<typeof skillOptionSchema>;
export const skillOptionsSchema = z.object({ items: z.array(skillOptionSchema) });

/** An employee who holds the skill. `daysLeft` < 0 once expired; null when it never expires. */
export const skillHolderSchema = z.object({
  employeeId: z.string(),
  employeeNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  obtainedOn: z.string().nullable(),
  expiresOn: z.string().nullable(),
  daysLeft: z.number().int().nullable(),
});
export type SkillHolder = z.infer<typeof skillHolderSchema>;

/** How many holders shown in a skill's detail; `holderCount` tells the whole number. */
export const skillHoldersLimit = 200;

/** GET /api/skills/:id (and the answer of POST/PUT). */
export const skillDetailSchema = skillSchema.extend({
  createdAt: z.string(),
  updatedAt: z.string(),
  holderCount: z.number().int(),
  /** Holders sorted by last name, first name (at most `skillHoldersLimit`). */
  holders: z.array(skillHolderSchema),
  expiring: z.object({
    /** Already expired, or expiring within 30, 60, 90 days of today (America/Toronto). Cumulative. */
    expired: z.number().int(),
    within30: z.number().int(),
    within60: z.number().int(),
    within90: z.number().int(),
    /** Expired or expiring within 90 days, soonest first. */
    holders: z.array(skillHolderSchema),
  }),
  /** True when nobody holds it: DELETE removes it; otherwise DELETE archives it. */
  deletable: z.boolean(),
});
export type SkillDetail = z.infer<typeof skillDetailSchema>;

export { type ExpiryUrgency, expiryUrgency } from './enums.ts';

// ── Tools ─────────────────────────────────────────────────────────────────────

/** POST /api/tools. */
export const toolCreateSchema = z.object({
  nameFr: catalogNameSchema,
  nameEn: catalogNameSchema,
  description: optionalText(1000, { multiline: true }),
  active: z.boolean().default(true),
});
export type ToolCreate = z.input<typeof toolCreateSchema>;

/** PUT /api/tools/:id: the whole tool, like every PUT (a blank description becomes null). */
export const toolUpdateSchema = z.object({
  nameFr: catalogNameSchema,
  nameEn: catalogNameSchema,
  description: optionalText(1000, { multiline: true }),
  active: z.boolean(),
});
export type ToolUpdate = z.input<typeof toolUpdateSchema>;

export const toolSortable = ['nameFr', 'nameEn', 'ownerCount'] as const;
export type ToolSort = (typeof toolSortable)[number];

/** GET /api/tools query. */
export const toolListQuerySchema = listQuerySchema(toolSortable, 'nameFr').extend({
  active: activeFilterSchema,
});
export type ToolListQuery = z.input<typeof toolListQuerySchema>;

export const toolSchema = z.object({
  id: z.string(),
  nameFr: z.string(),
  nameEn: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
});
export type Tool = z.infer<typeof toolSchema>;

export const toolListItemSchema = toolSchema.extend({ ownerCount: z.number().int() });
export type ToolListItem = z.infer<typeof toolListItemSchema>;
export const toolPageSchema = pageSchema(toolListItemSchema);

/** GET /api/tools/options: every active tool, for pickers and filters. */
export const toolOptionSchema = toolSchema.pick({ id: true, nameFr: true, nameEn: true });
export type ToolOption = z.infer<typeof toolOptionSchema>;
export const toolOptionsSchema = z.object({ items: z.array(toolOptionSchema) });
export type ToolPage = z.infer<typeof toolPageSchema>;

export const toolOwnerSchema = z.object({
  employeeId: z.string(),
  employeeNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type ToolOwner = z.infer<typeof toolOwnerSchema>;

/** How many owners shown in a tool's detail; `ownerCount` tells the whole number. */
export const toolOwnersLimit = 200;

/** GET /api/tools/:id (and the answer of POST/PUT). */
export const toolDetailSchema = toolSchema.extend({
  createdAt: z.string(),
  updatedAt: z.string(),
  ownerCount: z.number().int(),
  /** Owners sorted by last name, first name (at most `toolOwnersLimit`). */
  owners: z.array(toolOwnerSchema),
  /** True when nobody owns it: DELETE removes it; otherwise DELETE archives it. */
  deletable: z.boolean(),
});
export type ToolDetail = z.infer<typeof toolDetailSchema>;

/** `:id` of the catalog routes. */
export const catalogIdParamsSchema = z.object({ id: z.uuid() });
