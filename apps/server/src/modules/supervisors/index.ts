// Supervisors (master data): routes, and who alone supervises live sites (archiving or anonymising them).
export { sitesOnlySupervisedBy } from './read.ts';
export { default as supervisorsRoutes } from './routes.ts';
export { soleSupervisorConflict } from './write.ts';
