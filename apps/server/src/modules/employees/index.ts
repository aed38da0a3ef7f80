// Employees (master data): routes, and what hiring an applicant reuses.

export { heldSkillsOf } from './read.ts';
export { default as employeesRoutes } from './routes.ts';
export { employeeUniqueError, insertEmployee } from './write.ts';
