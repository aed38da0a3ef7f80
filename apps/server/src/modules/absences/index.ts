// Absences and blacklists: routes, and the availability rule that matching and time entries call.
export {
  employeeDayOf,
  employeeDaySql,
  loadAwayPeriods,
  loadBlacklists,
} from './availability.ts';
export { default as absencesRoutes } from './routes.ts';
