import type { App } from '../../lib/app-types.ts';
import { catalogRoutes } from '../catalog/index.ts';
import { skillsCatalog } from './service.ts';

/** The skills API (master data, admins only). */
export default async function skillsRoutes(app: App) {
  catalogRoutes(app, 'skills', skillsCatalog);
}
