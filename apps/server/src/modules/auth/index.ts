// Signing in (password, phone, magic link), password resets and invitations.
export { resendInvitation, sendInvitation } from './invitations.ts';
export { default as authRoutes } from './routes.ts';
export { issueMagicLink } from './service.ts';
