import { z } from 'zod';
import { isoDateSchema } from './address.ts';
import { siteCoverages } from './alert-kinds.ts';
import { orderStatuses } from './enums.ts';
import { orderPeriodSchema, orderStaffingSchema } from './orders.ts';

// Schemas of the admin dashboards (spec §2): the current clients (clients-dashboard) and the sites
// map (dashboard/map), both over one pay week, Sunday to Saturday as on the timesheets.

/** `week`: any day of the pay week wanted (its Sunday is used); this week by default (Montréal). */
export const weekQuerySchema = z.object({ week: isoDateSchema.optional() });
export type WeekQuery = z.input<typeof weekQuerySchema>;

/**
 * What one site (or client) has over the week: `headcount` distinct workers confirmed on its orders
 * that touch the week; `workersNeeded` what those orders ask for; `openPlaces` the places still to
 * fill (each order's workersNeeded − confirmed, never below zero, added up).
 */
const weekCounts = z.object({
  orders: z.number().int(),
  workersNeeded: z.number().int(),
  headcount: z.number().int(),
  openPlaces: z.number().int(),
});
export type WeekCounts = z.infer<typeof weekCounts>;

export const clientsDashboardSiteSchema = weekCounts.extend({
  id: z.string(),
  name: z.string(),
  city: z.string().nullable(),
});
export const clientsDashboardClientSchema = weekCounts.extend({
  id: z.string(),
  name: z.string(),
  sites: z.array(clientsDashboardSiteSchema),
});
export type ClientsDashboardClient = z.infer<typeof clientsDashboardClientSchema>;

/** The clients with a site active, or an order, during the week; busiest first. */
export const clientsDashboardSchema = z.object({
  weekStart: z.string(),
  weekEnd: z.string(),
  totals: weekCounts.extend({ clients: z.number().int(), sites: z.number().int() }),
  clients: z.array(clientsDashboardClientSchema),
});
export type ClientsDashboard = z.infer<typeof clientsDashboardSchema>;

export { placesCoverage, type SiteCoverage, siteCoverages } from './alert-kinds.ts';

export const mapSiteSchema = weekCounts.extend({
  id: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  client: z.object({ id: z.string(), name: z.string() }),
  latitude: z.number(),
  longitude: z.number(),
  coverage: z.enum(siteCoverages),
});
export type MapSite = z.infer<typeof mapSiteSchema>;

/** The located sites live during the week (or with an order in it); `unlocated` those without a position. */
export const sitesMapSchema = z.object({
  weekStart: z.string(),
  weekEnd: z.string(),
  sites: z.array(mapSiteSchema),
  unlocated: z.number().int(),
});
export type SitesMap = z.infer<typeof sitesMapSchema>;

/** One site on the map: its orders of the week and the workers confirmed on them. */
export const mapSiteDetailSchema = z.object({
  weekStart: z.string(),
  weekEnd: z.string(),
  site: weekCounts.extend({
    id: z.string(),
    name: z.string(),
    street: z.string().nullable(),
    city: z.string().nullable(),
    client: z.object({ id: z.string(), name: z.string() }),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    coverage: z.enum(siteCoverages),
  }),
  orders: z.array(
    z.object({
      id: z.string(),
      ...orderPeriodSchema.shape,
      ...orderStaffingSchema.shape,
      status: z.enum(orderStatuses),
    }),
  ),
  workers: z.array(
    z.object({
      id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      phone: z.string().nullable(),
      orderId: z.string(),
    }),
  ),
});
export type MapSiteDetail = z.infer<typeof mapSiteDetailSchema>;
