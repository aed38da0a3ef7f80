// Employees (master data): routes only.
export { default as employeesRoutes } from './routes.ts';
