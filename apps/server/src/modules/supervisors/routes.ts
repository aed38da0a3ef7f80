import type { App } from '../../lib/app-types.ts';

/** The supervisors API (master data). */
export default async function supervisorsRoutes(_app: App) {}
