// Supervisors (master data): routes only.
export { default as supervisorsRoutes } from './routes.ts';
