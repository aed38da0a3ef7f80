// Employees (master data): routes, and what hiring an applicant reuses.

export { employeesPolicy } from './policy.ts';
export { heldSkillsOf, nextEmployeeNumber } from './read.ts';
export { default as employeesRoutes } from './routes.ts';
export { employeeUniqueError, insertEmployee } from './write.ts';
