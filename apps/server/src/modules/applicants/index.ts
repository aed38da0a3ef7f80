// Recruiting: applicants from first call to hire.
export { default as applicantsRoutes } from './routes.ts';
