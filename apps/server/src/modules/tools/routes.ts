import type { App } from '../../lib/app-types.ts';

/** The tools API (master data). */
export default async function toolsRoutes(_app: App) {}
