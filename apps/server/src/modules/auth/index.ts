// Signing in (password, phone, magic link), password resets and invitations.
export { resendInvitation, sendInvitation } from './invitations.ts';
export { issueMagicLink } from './magic-link.ts';
export { default as authRoutes } from './routes.ts';
