import { z } from 'zod';
import { isoDateSchema, provinces } from './address.ts';
import { employeeStatuses } from './enums.ts';
import { pageSchema } from './list.ts';
import { orderPeriodSchema, orderSkillNameSchema, orderStaffingSchema } from './orders.ts';
import { searchQuerySchema, text } from './text.ts';

// The available-employees dashboard (spec §2, dashboard-employees): who is free on a given day, and
// the open orders of that day they can be proposed on.

/**
 * The statuses of a worker the office may still send somewhere; `indisponible`, `en_conge` and
 * `termine` say they are not to be called, whatever their days away.
 */
export const availableEmployeeStatuses = ['disponible', 'assigne'] as const;

/**
 * `date`: the day (yyyy-MM-dd or dd/MM/yyyy; today in Montréal by default). `q` searches names,
 * number, phone and city (accents and case aside); `skillId` keeps the holders of a skill whose
 * certificate is valid that day; `city` one city (accents and case aside).
 */
export const availableEmployeesQuerySchema = z.object({
  date: isoDateSchema.optional(),
  q: searchQuerySchema.optional(),
  skillId: z.uuid().optional(),
  city: text(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AvailableEmployeesQuery = z.input<typeof availableEmployeesQuerySchema>;

export const availableEmployeeSchema = z.object({
  id: z.string(),
  employeeNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  province: z.enum(provinces),
  status: z.enum(employeeStatuses),
  /** Their skills, important ones first; `expired`: the certificate ends before the day. */
  skills: z.array(
    z.object({
      skillId: z.string(),
      nameFr: z.string(),
      nameEn: z.string(),
      important: z.boolean(),
      expiresOn: z.string().nullable(),
      expired: z.boolean(),
    }),
  ),
});
export type AvailableEmployee = z.infer<typeof availableEmployeeSchema>;

/** One page of the free workers of `date`, sorted by name; `total` counts them all. */
export const availableEmployeesPageSchema = pageSchema(availableEmployeeSchema).extend({
  date: z.string(),
});
export type AvailableEmployeesPage = z.infer<typeof availableEmployeesPageSchema>;

export const openOrdersOfDayQuerySchema = z.object({ date: isoDateSchema.optional() });
export type OpenOrdersOfDayQuery = z.input<typeof openOrdersOfDayQuerySchema>;

/** An order working on the day with places still open (pending and confirmed count as taken). */
export const openOrderOfDaySchema = z.object({
  id: z.string(),
  client: z.object({ id: z.string(), name: z.string() }),
  site: z.object({ id: z.string(), name: z.string(), city: z.string().nullable() }),
  ...orderPeriodSchema.shape,
  priority: z.number().int(),
  ...orderStaffingSchema.shape,
  /** workersNeeded − confirmed − pending, at least 1. */
  openPlaces: z.number().int(),
  skills: z.array(orderSkillNameSchema),
});
export type OpenOrderOfDay = z.infer<typeof openOrderOfDaySchema>;

export const openOrdersOfDaySchema = z.object({ date: z.string(), items: z.array(openOrderOfDaySchema) });
export type OpenOrdersOfDay = z.infer<typeof openOrdersOfDaySchema>;
