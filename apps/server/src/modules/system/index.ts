// Health checks.
export { default as systemRoutes } from './routes.ts';
