// The skills catalogue: routes only.
export { default as skillsRoutes } from './routes.ts';
