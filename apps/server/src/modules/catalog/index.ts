// What the skills and tools catalogues share: unique bilingual names, archiving, holder counts,
// and the service and routes both are made of.
export * from './entries.ts';
export { catalogRoutes } from './routes.ts';
export { catalogService } from './service.ts';
