import type { App } from '../../lib/app-types.ts';

/** The clients API (master data). */
export default async function clientsRoutes(_app: App) {}
