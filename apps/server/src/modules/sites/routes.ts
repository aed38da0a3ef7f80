import type { App } from '../../lib/app-types.ts';

/** The sites API (master data). */
export default async function sitesRoutes(_app: App) {}
