// Timesheets: one site's pay week, sent to its supervisors and approved by one of them.
export {
  reopenForCorrection,
  settleRefusedLine,
  type WeekSheet,
} from './correction.ts';
export { default as timesheetsRoutes } from './routes.ts';
export { holdWeekSql, shareWeekSql } from './week-lock.ts';
export { runTimesheetJobs, type TimesheetJobDeps } from './weekly-job.ts';
