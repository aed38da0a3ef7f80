import type { App } from '../../lib/app-types.ts';
import { catalogRoutes } from '../catalog/index.ts';
import { toolsCatalog } from './service.ts';

/** The tools API (master data, admins only). */
export default async function toolsRoutes(app: App) {
  catalogRoutes(app, 'tools', toolsCatalog);
}
