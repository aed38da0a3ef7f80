// A person's file under Québec's Law 25: the export on request, anonymisation, and retention.

export { type RetentionDeps, runRetentionJob } from './retention.ts';
export { default as personalDataRoutes } from './routes.ts';
