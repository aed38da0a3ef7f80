// Employees (master data): routes, and what hiring an applicant reuses.
export { default as employeesRoutes } from './routes.ts';
export { employeesPolicy } from './policy.ts';
export { nextEmployeeNumber } from './read.ts';
export { employeeUniqueError, insertEmployee } from './write.ts';
