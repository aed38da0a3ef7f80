// Timesheets: one site's pay week, sent to its supervisors and approved by one of them.
export { openRefusals } from './approval.ts';
export { tellReopened } from './reopened.ts';
export { default as timesheetsRoutes } from './routes.ts';
export { holdWeekSql, shareWeekSql } from './week-lock.ts';
export { runTimesheetJobs, type TimesheetJobDeps } from './weekly-job.ts';
