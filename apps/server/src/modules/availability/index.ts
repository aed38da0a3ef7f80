// The available-employees dashboard (who is free on a day, and the open orders to propose them on).
export { default as availabilityRoutes } from './routes.ts';
