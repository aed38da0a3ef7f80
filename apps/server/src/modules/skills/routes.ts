import type { App } from '../../lib/app-types.ts';

/** The skills API (master data). */
export default async function skillsRoutes(_app: App) {}
