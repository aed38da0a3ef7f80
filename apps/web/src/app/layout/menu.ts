import type { Icon } from '@tabler/icons-react';
import {
  IconAlertTriangle,
  IconArrowsExchange,
  IconBuildingSkyscraper,
  IconCalendarOff,
  IconCertificate,
  IconClipboardList,
  IconClockExclamation,
  IconFileAlert,
  IconFileTime,
  IconHome,
  IconLock,
  IconMap2,
  IconMessages,
  IconPresentationAnalytics,
  IconReportAnalytics,
  IconShieldLock,
  IconTool,
  IconUserCheck,
  IconUserSearch,
  IconUserShield,
  IconUsers,
} from '@tabler/icons-react';
import type { CountKey } from '../../features/notifications/useNavigationCounts.ts';

export type BadgeKey = CountKey | 'communications';

export interface MenuLink {
  kind: 'link';
  to: string;
  labelKey: string;
  icon?: Icon;
  badge?: BadgeKey;
}

export interface MenuGroup {
  kind: 'group';
  id: string;
  labelKey: string;
  icon: Icon;
  badge?: BadgeKey;
  items: readonly MenuLink[];
}

/** Spec §2 side menu, in order (admins only). */
export const adminMenu: readonly (MenuLink | MenuGroup)[] = [
  { kind: 'link', to: '/overview', labelKey: 'menu.overview', icon: IconHome },
  { kind: 'link', to: '/matching', labelKey: 'menu.matching', icon: IconArrowsExchange },
  { kind: 'link', to: '/orders', labelKey: 'menu.orders', icon: IconClipboardList },
  { kind: 'link', to: '/clients', labelKey: 'menu.clients', icon: IconBuildingSkyscraper },
  { kind: 'link', to: '/supervisor', labelKey: 'menu.supervisors', icon: IconUserShield },
  { kind: 'link', to: '/employees', labelKey: 'menu.employees', icon: IconUsers },
  { kind: 'link', to: '/applicants', labelKey: 'menu.applicants', icon: IconUserSearch },
  {
    kind: 'group',
    id: 'communications',
    labelKey: 'menu.communications',
    icon: IconMessages,
    badge: 'communications',
    items: [
      { kind: 'link', to: '/messages/general', labelKey: 'menu.messagesGeneral', badge: 'general' },
      {
        kind: 'link',
        to: '/messages/assignation',
        labelKey: 'menu.messagesAssignation',
        badge: 'assignation',
      },
      { kind: 'link', to: '/messages/applicants', labelKey: 'menu.messagesApplicants', badge: 'applicants' },
    ],
  },
  // The badge: timesheets with a refused line the office has to settle (issue 26, point 1).
  { kind: 'link', to: '/timesheets', labelKey: 'menu.timesheets', icon: IconFileTime, badge: 'timesheets' },
  { kind: 'link', to: '/reports', labelKey: 'menu.reports', icon: IconReportAnalytics },
  { kind: 'link', to: '/tools', labelKey: 'menu.tools', icon: IconTool },
  { kind: 'link', to: '/skills', labelKey: 'menu.skills', icon: IconCertificate },
  {
    kind: 'group',
    id: 'dashboards',
    labelKey: 'menu.dashboards',
    icon: IconPresentationAnalytics,
    items: [
      { kind: 'link', to: '/dashboard-employees', labelKey: 'menu.availableEmployees', icon: IconUserCheck },
      {
        kind: 'link',
        to: '/clients-dashboard',
        labelKey: 'menu.currentClients',
        icon: IconBuildingSkyscraper,
      },
      { kind: 'link', to: '/dashboard/map', labelKey: 'menu.map', icon: IconMap2 },
      { kind: 'link', to: '/absences', labelKey: 'menu.absences', icon: IconCalendarOff },
      { kind: 'link', to: '/alerts', labelKey: 'menu.alerts', icon: IconAlertTriangle, badge: 'alerts' },
      {
        kind: 'link',
        to: '/hour-alerts',
        labelKey: 'menu.hourAlerts',
        icon: IconClockExclamation,
        badge: 'hourAlerts',
      },
    ],
  },
  // Québec's Law 25: the person in charge of personal information and the incident register.
  {
    kind: 'group',
    id: 'administration',
    labelKey: 'menu.administration',
    icon: IconLock,
    items: [
      { kind: 'link', to: '/privacy-officer', labelKey: 'menu.privacyOfficer', icon: IconShieldLock },
      { kind: 'link', to: '/privacy-incidents', labelKey: 'menu.privacyIncidents', icon: IconFileAlert },
    ],
  },
];
