import type { App } from '../../lib/app-types.ts';

/** The employees API (master data). */
export default async function employeesRoutes(_app: App) {}
