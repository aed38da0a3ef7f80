// Clients (master data): their routes, and their search text for the demo seed.
export { default as clientsRoutes } from './routes.ts';
export { clientSearchText } from './search-text.ts';
