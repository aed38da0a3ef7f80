import type { Role } from '@brigade/shared/roles';
import { useMemo } from 'react';
import { useLocation } from 'react-router';

/**
 * Every route of the product (spec §2), with who may open it and the key of its translated title.
 * The router, the route guard, the page titles and the post-login return path all read this table.
 */
export type RouteAccess = 'public' | readonly Role[];

export interface RouteHandle {
  access: RouteAccess;
  /** i18n key of the page title (document title and h1). */
  titleKey: string;
}

/** The page modules the routes open (app/routes.tsx loads them); unnamed routes show a placeholder. */
export type PageName =
  | 'login'
  | 'magicLinkLogin'
  | 'forgotPassword'
  | 'changePassword'
  | 'clientsList'
  | 'clientsCreate'
  | 'clientsDetail'
  | 'clientsEdit'
  | 'supervisorsList'
  | 'supervisorsCreate'
  | 'supervisorsDetail'
  | 'supervisorsEdit'
  | 'employeesList'
  | 'employeesCreate'
  | 'employeesDetail'
  | 'employeesEdit'
  | 'skillsList'
  | 'skillsCreate'
  | 'skillsDetail'
  | 'skillsEdit'
  | 'toolsList'
  | 'toolsCreate'
  | 'toolsDetail'
  | 'toolsEdit'
  | 'messagesInbox'
  | 'messagesConversation'
  | 'messagesCreate'
  | 'messagesEdit'
  | 'absencesList'
  | 'absencesCreate'
  | 'absencesEdit'
  | 'holidays'
  | 'ordersList'
  | 'ordersForm'
  | 'ordersDetail'
  | 'overview'
  | 'matchingList'
  | 'matchingCreate'
  | 'applicantsList'
  | 'applicantsCreate'
  | 'applicantsDetail'
  | 'applicantsEdit'
  | 'alerts'
  | 'clientsDashboard'
  | 'sitesMap'
  | 'availableEmployees'
  | 'timeEntries'
  | 'timeLogger'
  | 'hourAlerts'
  | 'timesheetsList'
  | 'timesheetsCreate'
  | 'timesheetsEdit'
  | 'reports'
  | 'receiptPhoto'
  | 'supervisorDashboard'
  | 'profile'
  | 'privacyPolicy'
  | 'privacyOfficer'
  | 'privacyIncidentsList'
  | 'privacyIncidentsCreate'
  | 'privacyIncidentsEdit'
  | 'placeholder';

export interface AppRoute {
  path: string;
  access: RouteAccess;
  titleKey: string;
  /** Page module; defaults to the placeholder. */
  page?: PageName;
  /** A route that only forwards to another path. */
  redirectTo?: string;
}

const admin: readonly Role[] = ['admin'];
const adminAndSupervisor: readonly Role[] = ['admin', 'supervisor'];
const supervisor: readonly Role[] = ['supervisor'];
/**
 * Spec §2 and §6 give supervisors the hours' routes too. A supervisor is no employee and has no
 * hours of their own: nothing of theirs links there, and their own `time-entries` and `time-logger`
 * say so with the way back to their dashboard; a worker's week of their sites opens as the API allows.
 */
const everyone: readonly Role[] = ['admin', 'supervisor', 'employee'];

/** The routes the same people may open, with their access written once. */
function openTo(access: RouteAccess, routes: readonly Omit<AppRoute, 'access'>[]): AppRoute[] {
  return routes.map((route) => ({ ...route, access }));
}

export const appRoutes: readonly AppRoute[] = [
  // Public
  ...openTo('public', [
    { path: '/login', titleKey: 'titles.login', page: 'login' },
    { path: '/magic-link-login/:token', titleKey: 'titles.magicLinkLogin', page: 'magicLinkLogin' },
    { path: '/forgot-password', titleKey: 'titles.forgotPassword', page: 'forgotPassword' },
    { path: '/change-password/:token', titleKey: 'titles.changePassword', page: 'changePassword' },
    // Québec's Law 25: the privacy policy and its person in charge, open to anyone.
    { path: '/privacy', titleKey: 'titles.privacy', page: 'privacyPolicy' },
  ]),

  // Admin only
  ...openTo(admin, [
    { path: '/overview', titleKey: 'titles.overview', page: 'overview' },
    { path: '/matching', titleKey: 'titles.matching', page: 'matchingList' },
    { path: '/matching/create/:orderId', titleKey: 'titles.matchingCreate', page: 'matchingCreate' },
    {
      path: '/matching/create/:orderId/:assignmentId',
      titleKey: 'titles.matchingEdit',
      page: 'matchingCreate',
    },
    { path: '/orders', titleKey: 'titles.orders', page: 'ordersList' },
    { path: '/orders/create/:id', titleKey: 'titles.ordersCreate', page: 'ordersForm' },
    { path: '/orders/:id', titleKey: 'titles.order', page: 'ordersDetail' },
    { path: '/employees', titleKey: 'titles.employees', page: 'employeesList' },
    { path: '/employees/create', titleKey: 'titles.employeesCreate', page: 'employeesCreate' },
    { path: '/employees/:id', titleKey: 'titles.employee', page: 'employeesDetail' },
    { path: '/employees/edit/:id', titleKey: 'titles.employeesEdit', page: 'employeesEdit' },
    { path: '/supervisor', titleKey: 'titles.supervisors', page: 'supervisorsList' },
    { path: '/supervisor/create', titleKey: 'titles.supervisorsCreate', page: 'supervisorsCreate' },
    { path: '/supervisor/:id', titleKey: 'titles.supervisor', page: 'supervisorsDetail' },
    { path: '/supervisor/edit/:id', titleKey: 'titles.supervisorsEdit', page: 'supervisorsEdit' },
    { path: '/clients', titleKey: 'titles.clients', page: 'clientsList' },
    { path: '/clients/create', titleKey: 'titles.clientsCreate', page: 'clientsCreate' },
    { path: '/clients/:id', titleKey: 'titles.client', page: 'clientsDetail' },
    { path: '/clients/edit/:id', titleKey: 'titles.clientsEdit', page: 'clientsEdit' },
    { path: '/clients-dashboard', titleKey: 'titles.clientsDashboard', page: 'clientsDashboard' },
    { path: '/messages', titleKey: 'titles.messagesGeneral', redirectTo: '/messages/general' },
    { path: '/messages/general', titleKey: 'titles.messagesGeneral', page: 'messagesInbox' },
    { path: '/messages/assignation', titleKey: 'titles.messagesAssignation', page: 'messagesInbox' },
    { path: '/messages/applicants', titleKey: 'titles.messagesApplicants', page: 'messagesInbox' },
    { path: '/messages/create', titleKey: 'titles.messagesCreate', page: 'messagesCreate' },
    { path: '/messages/edit/:id', titleKey: 'titles.messagesEdit', page: 'messagesEdit' },
    { path: '/messages/:id', titleKey: 'titles.conversation', page: 'messagesConversation' },
    { path: '/skills', titleKey: 'titles.skills', page: 'skillsList' },
    { path: '/skills/create', titleKey: 'titles.skillsCreate', page: 'skillsCreate' },
    { path: '/skills/:id', titleKey: 'titles.skill', page: 'skillsDetail' },
    { path: '/skills/edit/:id', titleKey: 'titles.skillsEdit', page: 'skillsEdit' },
    { path: '/tools', titleKey: 'titles.tools', page: 'toolsList' },
    { path: '/tools/create', titleKey: 'titles.toolsCreate', page: 'toolsCreate' },
    { path: '/tools/:id', titleKey: 'titles.tool', page: 'toolsDetail' },
    { path: '/tools/edit/:id', titleKey: 'titles.toolsEdit', page: 'toolsEdit' },
    { path: '/timesheets', titleKey: 'titles.timesheets', page: 'timesheetsList' },
    { path: '/timesheets/create', titleKey: 'titles.timesheetsCreate', page: 'timesheetsCreate' },
    // Spec §3's reports, with the CCQ register and the payroll file beyond it (issue 28).
    { path: '/reports', titleKey: 'titles.reports', page: 'reports' },
    // A parking receipt's photo on a page of its own: the parking photos workbook's links open it.
    { path: '/receipt-photos/:entryId/:photoId', titleKey: 'titles.receiptPhoto', page: 'receiptPhoto' },
    { path: '/dashboard/map', titleKey: 'titles.map', page: 'sitesMap' },
    { path: '/dashboard/map/:id', titleKey: 'titles.map', page: 'sitesMap' },
    { path: '/absences', titleKey: 'titles.absences', page: 'absencesList' },
    { path: '/absences/create', titleKey: 'titles.absencesCreate', page: 'absencesCreate' },
    { path: '/absences/edit/:id', titleKey: 'titles.absencesEdit', page: 'absencesEdit' },
    // Beyond the spec's routes: the holiday calendars of any year, with the office's changes.
    { path: '/absences/holidays', titleKey: 'titles.holidays', page: 'holidays' },
    { path: '/alerts', titleKey: 'titles.alerts', page: 'alerts' },
    { path: '/hour-alerts', titleKey: 'titles.hourAlerts', page: 'hourAlerts' },
    { path: '/dashboard-employees', titleKey: 'titles.availableEmployees', page: 'availableEmployees' },
    { path: '/applicants', titleKey: 'titles.applicants', page: 'applicantsList' },
    { path: '/applicants/create', titleKey: 'titles.applicantsCreate', page: 'applicantsCreate' },
    // Beyond the spec's routes, as users expect: an applicant's page (history, CV, Hire) and its form.
    { path: '/applicants/:id', titleKey: 'titles.applicant', page: 'applicantsDetail' },
    { path: '/applicants/edit/:id', titleKey: 'titles.applicantsEdit', page: 'applicantsEdit' },
    // Law 25: naming the person in charge of personal information, and the register of incidents.
    { path: '/privacy-officer', titleKey: 'titles.privacyOfficer', page: 'privacyOfficer' },
    { path: '/privacy-incidents', titleKey: 'titles.privacyIncidents', page: 'privacyIncidentsList' },
    {
      path: '/privacy-incidents/create',
      titleKey: 'titles.privacyIncidentsCreate',
      page: 'privacyIncidentsCreate',
    },
    {
      path: '/privacy-incidents/edit/:id',
      titleKey: 'titles.privacyIncidentsEdit',
      page: 'privacyIncidentsEdit',
    },
  ]),

  // Admin and supervisor
  ...openTo(adminAndSupervisor, [
    { path: '/timesheets/edit/:id', titleKey: 'titles.timesheetsEdit', page: 'timesheetsEdit' },
  ]),

  // Supervisor only
  ...openTo(supervisor, [
    { path: '/dashboard-supervisor', titleKey: 'titles.supervisorDashboard', page: 'supervisorDashboard' },
  ]),

  // Admin, supervisor and employee
  ...openTo(everyone, [
    { path: '/time-entries', titleKey: 'titles.timeEntries', page: 'timeEntries' },
    { path: '/time-entries/:employeeId', titleKey: 'titles.timeEntries', page: 'timeEntries' },
    { path: '/time-logger', titleKey: 'titles.timeLogger', page: 'timeLogger' },
    { path: '/time-logger/:timeEntryId', titleKey: 'titles.timeLoggerEdit', page: 'timeLogger' },
    // Beyond the spec's routes: one's own names and mobile (a new mobile confirmed by an SMS code).
    { path: '/profile', titleKey: 'titles.profile', page: 'profile' },
  ]),
];

/** The root path opens the overview (the guard sends other roles to their own home). */
export const rootRedirect = '/overview';

/**
 * The table, most specific route first, as React Router ranks it: where two paths differ, a fixed
 * segment comes before a parameter (`/employees/create` before `/employees/:id`).
 */
export function rankedRoutes(): AppRoute[] {
  const rank = (route: AppRoute) =>
    route.path
      .split('/')
      .filter(Boolean)
      .map((segment) => (segment.startsWith(':') ? '1' : '0'))
      .join('');
  return appRoutes
    .map((route) => ({ route, rank: rank(route) }))
    .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0))
    .map(({ route }) => route);
}

/** A regular expression source matching the whole pathname of `path` (`^/employees/[^/]+$`). */
export function routePattern(path: string): string {
  const segments = path.split('/').filter(Boolean);
  return `^/${segments.map((segment) => (segment.startsWith(':') ? '[^/]+' : segment)).join('/')}$`;
}

/**
 * The worker's first screen (the time logger), which opens with its own translations and code
 * before the rest (lib/startTranslations.ts, chunk-groups.ts): its routes' patterns.
 */
export function firstScreenPatterns(): string[] {
  return appRoutes.filter((route) => route.page === 'timeLogger').map((route) => routePattern(route.path));
}

/**
 * The ranked table with its patterns, made on the first match. React Router's `matchRoutes`
 * flattens and ranks the whole table on every call: 6–12 ms of the task in which a phone evaluates
 * the app's scripts (Lighthouse counts it four times over), for the start route alone.
 */
let patterns: { route: AppRoute; pattern: RegExp }[] | undefined;

/** The route of the table that `pathname` opens (any case, a trailing slash or not); undefined when none. */
export function matchAppRoute(pathname: string): AppRoute | undefined {
  patterns ??= rankedRoutes().map((route) => ({ route, pattern: new RegExp(routePattern(route.path), 'i') }));
  const path = pathname.replace(/\/+$/, '') || '/';
  return patterns.find(({ pattern }) => pattern.test(path))?.route;
}

/** The table entry (access and title) for `pathname`; null when no route matches. */
export function findRoute(pathname: string): RouteHandle | null {
  const route = matchAppRoute(pathname);
  return route ? { access: route.access, titleKey: route.titleKey } : null;
}

/** Access and title of the current route, from the route table. */
export function useRouteHandle(): RouteHandle | null {
  const { pathname } = useLocation();
  return useMemo(() => findRoute(pathname), [pathname]);
}

/** Who may open `pathname`; null when no route matches. */
export function accessForPath(pathname: string): RouteAccess | null {
  return findRoute(pathname)?.access ?? null;
}

/** A path a user of `role` may be sent back to after signing in (never an outside address). */
export function isReturnPathAllowed(path: string, role: Role): boolean {
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  const access = accessForPath(new URL(path, 'http://x').pathname);
  return access !== null && access !== 'public' && access.includes(role);
}
