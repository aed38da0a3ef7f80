// Site alerts: orders short of workers, sites ending, certificates expiring before an order's end.
export { default as alertsRoutes } from './routes.ts';
