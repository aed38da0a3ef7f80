// Personal information's trail (Law 25): who opened a person's sensitive records, and each mobile's texting consent.
export { recordAccess } from './record-access.ts';
export { default as privacyLogRoutes } from './routes.ts';
