/** The demo company's sign-ins the browser tests use (apps/server/src/seed/demo.ts). */
export type Role = 'admin' | 'supervisor' | 'employee';

export const accounts = {
  admin: {
    email: 'admin@demo.brigade.test',
    firstName: 'Geneviève',
    lastName: 'Tremblay',
    phone: '+15145550100',
    home: '/overview',
  },
  supervisor: {
    email: 'superviseur@demo.brigade.test',
    firstName: 'Étienne',
    lastName: 'Côté',
    phone: '+15145550101',
    home: '/dashboard-supervisor',
  },
  employee: {
    email: 'employe@demo.brigade.test',
    firstName: 'Jérôme',
    lastName: 'Lévesque',
    phone: '+15145550102',
    home: '/time-entries',
  },
} as const satisfies Record<
  Role,
  { email: string; firstName: string; lastName: string; phone: string; home: string }
>;

/** The admin only the language test uses (ADMIN_EMAIL in global-setup.ts). */
export const languageAdmin = { email: 'langue@e2e.brigade.test', firstName: 'Admin' } as const;
