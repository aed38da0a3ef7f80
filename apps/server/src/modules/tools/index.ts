// The tools catalogue: routes only.
export { default as toolsRoutes } from './routes.ts';
