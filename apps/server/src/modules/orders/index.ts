// Orders: routes only (matching and assignations build on them).
export { default as ordersRoutes } from './routes.ts';
