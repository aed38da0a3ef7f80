// Time entries: hours logged by the day, read by the week.
export { default as timeEntriesRoutes } from './routes.ts';
