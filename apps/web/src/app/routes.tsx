import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
// The sign-in page comes with the app's first file: it is where everyone not signed in starts, and
// a phone reaches it a round trip or two sooner (Lighthouse's LCP went from 3.5 s to 3.0 s).
import LoginPage from '../features/auth/pages/LoginPage.tsx';
import {
  openingLoggableSitesQuery,
  openingTimeEntryDefaultsQuery,
} from '../features/time-entries/defaultsQuery.ts';
import { getSession } from '../lib/auth.ts';
import { allTranslations } from '../lib/i18n.ts';
import { preloadable } from '../lib/preloadable.ts';
import { queryClient } from '../lib/queryClient.ts';
import { type AppRoute, matchAppRoute, type PageName } from '../lib/routeTable.ts';

/**
 * A page loaded when first opened, or earlier by preload (then drawn without a fallback), with the
 * whole interface's translations (the worker's first screen opened with its own: lib/i18n.ts).
 */
const page = <P extends object>(load: () => Promise<{ default: ComponentType<P> }>) =>
  preloadable(() =>
    Promise.all([load(), allTranslations().catch(() => undefined)]).then(([module]) => module),
  );
type Page = ReturnType<typeof preloadable>;

/** Page modules, each loaded when its route is first opened. */
const pages: Record<PageName, Page> = {
  login: page(() => Promise.resolve({ default: LoginPage })),
  magicLinkLogin: page(() => import('../features/auth/pages/MagicLinkLoginPage.tsx')),
  forgotPassword: page(() => import('../features/auth/pages/ForgotPasswordPage.tsx')),
  changePassword: page(() => import('../features/auth/pages/ChangePasswordPage.tsx')),
  clientsList: page(() => import('../features/clients/pages/ClientsListPage.tsx')),
  clientsCreate: page(() => import('../features/clients/pages/ClientCreatePage.tsx')),
  clientsDetail: page(() => import('../features/clients/pages/ClientDetailPage.tsx')),
  clientsEdit: page(() => import('../features/clients/pages/ClientEditPage.tsx')),
  supervisorsList: page(() => import('../features/supervisors/pages/SupervisorsListPage.tsx')),
  supervisorsCreate: page(() => import('../features/supervisors/pages/SupervisorCreatePage.tsx')),
  supervisorsDetail: page(() => import('../features/supervisors/pages/SupervisorDetailPage.tsx')),
  supervisorsEdit: page(() => import('../features/supervisors/pages/SupervisorEditPage.tsx')),
  employeesList: page(() => import('../features/employees/pages/EmployeesListPage.tsx')),
  employeesCreate: page(() => import('../features/employees/pages/EmployeeCreatePage.tsx')),
  employeesDetail: page(() => import('../features/employees/pages/EmployeeDetailPage.tsx')),
  employeesEdit: page(() => import('../features/employees/pages/EmployeeEditPage.tsx')),
  skillsList: page(() => import('../features/skills/pages/SkillsListPage.tsx')),
  skillsCreate: page(() => import('../features/skills/pages/SkillCreatePage.tsx')),
  skillsDetail: page(() => import('../features/skills/pages/SkillDetailPage.tsx')),
  skillsEdit: page(() => import('../features/skills/pages/SkillEditPage.tsx')),
  toolsList: page(() => import('../features/tools/pages/ToolsListPage.tsx')),
  toolsCreate: page(() => import('../features/tools/pages/ToolCreatePage.tsx')),
  toolsDetail: page(() => import('../features/tools/pages/ToolDetailPage.tsx')),
  toolsEdit: page(() => import('../features/tools/pages/ToolEditPage.tsx')),
  messagesInbox: page(() => import('../features/messages/pages/InboxPage.tsx')),
  messagesConversation: page(() => import('../features/messages/pages/ConversationPage.tsx')),
  messagesCreate: page(() => import('../features/messages/pages/ComposePage.tsx')),
  messagesEdit: page(() => import('../features/messages/pages/EditPendingPage.tsx')),
  absencesList: page(() => import('../features/absences/pages/AbsencesPage.tsx')),
  absencesCreate: page(() => import('../features/absences/pages/AbsenceCreatePage.tsx')),
  absencesEdit: page(() => import('../features/absences/pages/AbsenceEditPage.tsx')),
  holidays: page(() => import('../features/absences/pages/HolidaysPage.tsx')),
  ordersList: page(() => import('../features/orders/pages/OrdersListPage.tsx')),
  ordersForm: page(() => import('../features/orders/pages/OrderFormPage.tsx')),
  ordersDetail: page(() => import('../features/orders/pages/OrderDetailPage.tsx')),
  overview: page(() => import('../features/overview/pages/OverviewPage.tsx')),
  matchingList: page(() => import('../features/matching/pages/MatchingListPage.tsx')),
  matchingCreate: page(() => import('../features/matching/pages/MatchingCreatePage.tsx')),
  applicantsList: page(() => import('../features/applicants/pages/ApplicantsListPage.tsx')),
  applicantsCreate: page(() => import('../features/applicants/pages/ApplicantCreatePage.tsx')),
  applicantsDetail: page(() => import('../features/applicants/pages/ApplicantDetailPage.tsx')),
  applicantsEdit: page(() => import('../features/applicants/pages/ApplicantEditPage.tsx')),
  alerts: page(() => import('../features/alerts/pages/AlertsPage.tsx')),
  clientsDashboard: page(() => import('../features/dashboards/pages/ClientsDashboardPage.tsx')),
  sitesMap: page(() => import('../features/dashboards/pages/SitesMapPage.tsx')),
  availableEmployees: page(() => import('../features/availability/pages/AvailableEmployeesPage.tsx')),
  timeEntries: page(() => import('../features/time-entries/pages/TimeEntriesPage.tsx')),
  // The worker's first screen: drawn with its own translations (lib/startTranslations.ts).
  timeLogger: preloadable(() => import('../features/time-entries/pages/TimeLoggerPage.tsx')),
  hourAlerts: page(() => import('../features/time-entries/pages/HourAlertsPage.tsx')),
  timesheetsList: page(() => import('../features/timesheets/pages/TimesheetsListPage.tsx')),
  reports: page(() => import('../features/reports/pages/ReportsPage.tsx')),
  receiptPhoto: page(() => import('../features/reports/pages/ReceiptPhotoPage.tsx')),
  timesheetsCreate: page(() => import('../features/timesheets/pages/TimesheetCreatePage.tsx')),
  timesheetsEdit: page(() => import('../features/timesheets/pages/TimesheetEditPage.tsx')),
  supervisorDashboard: page(() => import('../features/timesheets/pages/SupervisorDashboardPage.tsx')),
  profile: page(() => import('../features/profile/pages/ProfilePage.tsx')),
  privacyPolicy: page(() => import('../features/privacy/pages/PrivacyPolicyPage.tsx')),
  privacyOfficer: page(() => import('../features/privacy/pages/PrivacyOfficerPage.tsx')),
  privacyIncidentsList: page(() => import('../features/privacy/pages/PrivacyIncidentsListPage.tsx')),
  privacyIncidentsCreate: page(() => import('../features/privacy/pages/PrivacyIncidentCreatePage.tsx')),
  privacyIncidentsEdit: page(() => import('../features/privacy/pages/PrivacyIncidentEditPage.tsx')),
  /** Screens delivered by later issues show their title until then. */
  placeholder: page(() => import('../components/PlaceholderPage.tsx')),
};

export function toRouteObject(route: AppRoute): RouteObject {
  if (route.redirectTo) return { path: route.path, element: <Navigate to={route.redirectTo} replace /> };
  const Page = pages[route.page ?? 'placeholder'];
  return { path: route.path, element: <Page /> };
}

/**
 * Loads the code of the page at `pathname` ahead of the click (menu hover, idle time), so that the
 * first visit of a screen waits only for its data.
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const route = matchAppRoute(pathname);
  return route?.page ? pages[route.page].preload().catch(() => {}) : Promise.resolve();
}

/**
 * The data a page shows first, for the pages worth starting it beside their code when the app opens
 * on them: the overview, reloaded on a wall TV, would otherwise ask for it only once its code has
 * run (about half a second later with 2,000 active orders); the employees list, the page a phone
 * opens most, would ask for it once React had drawn the page.
 */
const pageData: Partial<Record<PageName, () => Promise<unknown>>> = {
  employeesList: () =>
    import('../features/employees/api.ts').then(({ openingEmployeesListQuery, skillOptionsQuery }) =>
      Promise.all([
        queryClient.prefetchQuery(openingEmployeesListQuery(window.location.search)),
        queryClient.prefetchQuery(skillOptionsQuery),
      ]),
    ),
  // A new entry's logger, for a worker (or for the worker it names): the day's sites come with the
  // form's code rather than a round trip after it (Lighthouse counted that chain as seconds on a phone),
  // asked for from this file (the query is a few hundred bytes): no file to wait for first.
  timeLogger: () =>
    window.location.pathname === '/time-logger' &&
    (getSession()?.user.role === 'employee' || new URLSearchParams(window.location.search).has('employeeId'))
      ? queryClient
          .fetchQuery(openingTimeEntryDefaultsQuery(window.location.search))
          // No assignation that day: the form shows the search of sites at once, so its first
          // answer is asked for now, not once the form's code has drawn it.
          .then((defaults) =>
            defaults.suggestedSites.length
              ? undefined
              : queryClient.prefetchQuery(openingLoggableSitesQuery()),
          )
      : Promise.resolve(),
  overview: () =>
    import('../features/overview/api.ts').then(({ overviewQuery, defaultOverviewDays }) =>
      queryClient.prefetchQuery(overviewQuery(defaultOverviewDays)),
    ),
};

/**
 * Pages drawn once their first data is there (or refused), for a moment at most: the logger's form
 * draws its day's sites above the clock, which would otherwise push the rest of the form down when
 * they come. On a network that hardly answers (the service worker waits for it before its kept
 * copy), the form is drawn without them after that moment, as before.
 */
const drawnWithData: ReadonlySet<PageName> = new Set(['timeLogger']);
const dataWaitMs = 1500;

/** Starts the page's first data; resolves when the page may be drawn (at once for most). */
export function preloadPageData(pathname: string): Promise<unknown> {
  const route = matchAppRoute(pathname);
  const load = route?.page ? pageData[route.page] : undefined;
  const loading = load ? load().catch(() => {}) : Promise.resolve();
  if (!route?.page || !drawnWithData.has(route.page)) return Promise.resolve();
  return Promise.race([loading, new Promise((resolve) => setTimeout(resolve, dataWaitMs))]);
}
