// Holidays: the computed calendars (packages/shared/src/holidays.ts) with the office's overrides.
export { default as holidaysRoutes } from './routes.ts';
export { loadOverrides } from './service.ts';
