// The overview wall (the admins' home) and its comment bubbles.
export { default as overviewRoutes } from './routes.ts';
