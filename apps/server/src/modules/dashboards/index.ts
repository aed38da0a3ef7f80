// The admin dashboards over a week: current clients (headcount, open places) and the sites map.
export { default as dashboardsRoutes } from './routes.ts';
