// Law 25 (Québec): the person in charge of personal information and the confidentiality incident register.
export { default as privacyRoutes } from './routes.ts';
