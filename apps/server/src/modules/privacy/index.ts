// Law 25 (Québec): the person in charge of personal information and the confidentiality incident register.
export { readPrivacyOfficer } from './officer.ts';
export { default as privacyRoutes } from './routes.ts';
