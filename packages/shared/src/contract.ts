import { absencesEndpoints } from './contract/absences.ts';
import { alertsEndpoints } from './contract/alerts.ts';
import { applicantsEndpoints } from './contract/applicants.ts';
import { assignationsEndpoints } from './contract/assignations.ts';
import { auditEndpoints } from './contract/audit.ts';
import { authEndpoints } from './contract/auth.ts';
import { availabilityEndpoints } from './contract/availability.ts';
import { skillsEndpoints, toolsEndpoints } from './contract/catalog.ts';
import { clientsEndpoints, sitesEndpoints } from './contract/clients.ts';
import { dashboardsEndpoints } from './contract/dashboards.ts';
import { employeesEndpoints } from './contract/employees.ts';
import { messagesEndpoints, webhooksEndpoints } from './contract/messages.ts';
import { ordersEndpoints } from './contract/orders.ts';
import { overviewEndpoints } from './contract/overview.ts';
import { personalDataEndpoints } from './contract/personal-data.ts';
import { privacyEndpoints } from './contract/privacy.ts';
import { privacyLogEndpoints } from './contract/privacy-log.ts';
import { reportsEndpoints } from './contract/reports.ts';
import { supervisorsEndpoints } from './contract/supervisors.ts';
import { systemEndpoints } from './contract/system.ts';
import { timeEntriesEndpoints } from './contract/time-entries.ts';
import { timesheetsEndpoints } from './contract/timesheets.ts';
import type { EndpointTable } from './endpoint.ts';

/**
 * Every endpoint of the API under /api, keyed by method and path. The server registers each one
 * (with its policy) and the web calls them by key through a type-only import of `Endpoints`, so the
 * web's bundle never carries these schemas.
 *
 * A new domain adds its `contract/<domain>.ts` and spreads it here.
 */
export const endpoints = {
  ...systemEndpoints,
  ...authEndpoints,
  ...auditEndpoints,
  ...clientsEndpoints,
  ...sitesEndpoints,
  ...supervisorsEndpoints,
  ...employeesEndpoints,
  ...skillsEndpoints,
  ...toolsEndpoints,
  ...messagesEndpoints,
  ...webhooksEndpoints,
  ...absencesEndpoints,
  ...ordersEndpoints,
  ...overviewEndpoints,
  ...timeEntriesEndpoints,
  ...timesheetsEndpoints,
  ...reportsEndpoints,
  ...applicantsEndpoints,
  ...assignationsEndpoints,
  ...availabilityEndpoints,
  ...alertsEndpoints,
  ...dashboardsEndpoints,
  ...privacyLogEndpoints,
  ...personalDataEndpoints,
  ...privacyEndpoints,
} satisfies EndpointTable;

type EndpointsTable = typeof endpoints;
/**
 * An interface rather than `typeof endpoints`: declarations name it instead of copying the whole
 * table into every generic helper's type (the web's query helpers hit TypeScript's size limit).
 */
export interface Endpoints extends EndpointsTable {}
export type Endpoint = keyof Endpoints;
