// Absences and blacklists: routes, and the availability rule that matching and time entries call.
export {
  type EmployeeDay,
  employeeDayOf,
  employeeDaySql,
  isEmployeeBlacklisted,
  isEmployeeUnavailable,
  loadAwayPeriods,
  loadBlacklists,
} from './availability.ts';
export { default as absencesRoutes } from './routes.ts';
