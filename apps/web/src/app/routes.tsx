import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { type AppRoute, matchAppRoute, type PageName } from '../lib/routeTable.ts';

type PageModule = { default: ComponentType };
type Page = LazyExoticComponent<ComponentType> & { preload: () => Promise<PageModule> };

/** A page loaded when first opened, or earlier by preload (the browser keeps the module). */
function page(load: () => Promise<PageModule>): Page {
  return Object.assign(lazy(load), { preload: load });
}

/** Page modules, each loaded when its route is first opened. */
const pages: Record<PageName, Page> = {
  login: page(() => import('../features/auth/pages/LoginPage.tsx')),
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
  applicantsList: page(() => import('../features/applicants/pages/ApplicantsListPage.tsx')),
  applicantsCreate: page(() => import('../features/applicants/pages/ApplicantCreatePage.tsx')),
  applicantsDetail: page(() => import('../features/applicants/pages/ApplicantDetailPage.tsx')),
  applicantsEdit: page(() => import('../features/applicants/pages/ApplicantEditPage.tsx')),
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
export function preloadPage(pathname: string): void {
  const route = matchAppRoute(pathname);
  if (route?.page) void pages[route.page].preload().catch(() => {});
}
