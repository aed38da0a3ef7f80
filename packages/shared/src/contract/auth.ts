import { z } from 'zod';
import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  magicLinkLoginSchema,
  meSchema,
  resetLinkStatusSchema,
  resetPasswordSchema,
  updateMeSchema,
} from '../auth.ts';
import { endpoint } from '../endpoint.ts';

/** Signing in and out, password resets, magic links, and the signed-in user's own profile. */
export const authEndpoints = {
  'POST /login': endpoint({
    summary: 'Sign in with an e-mail or a mobile phone, and a password',
    description:
      'Send `email` or `phone` (any common format; North American numbers need no country code), not both.',
    body: loginRequestSchema,
    response: loginResponseSchema,
    errors: [429],
  }),
  'GET /logout': endpoint({ summary: 'End this session at once', status: 204 }),
  'POST /forgot-password': endpoint({
    summary: 'Send a password-reset link by e-mail or SMS',
    description: 'Answers the same whether or not the account exists.',
    body: forgotPasswordRequestSchema,
    status: 202,
    response: z.object({ ok: z.literal(true) }),
    errors: [429],
  }),
  'GET /forgot-password/status': endpoint({
    summary: 'Whether a reset or invitation link (its token as bearer) can still set a password',
    description:
      'Checked when the link is opened, before a password is typed. A used, expired or unknown link answers `{ valid: false, purpose: null }`; nothing says whose link it is.',
    response: resetLinkStatusSchema,
    errors: [429],
  }),
  'PUT /forgot-password': endpoint({
    summary: 'Set a new password with the token from a reset link (as bearer)',
    body: resetPasswordSchema,
    status: 204,
    errors: [429],
  }),
  'POST /login-magic-link': endpoint({
    summary: 'Exchange a magic-link token for a session limited to what the link was issued for',
    body: magicLinkLoginSchema,
    response: loginResponseSchema,
    errors: [429],
  }),
  'GET /users/me': endpoint({ summary: 'The signed-in user', response: meSchema }),
  'PUT /users/me': endpoint({
    summary: 'Change my language, names, phone or password',
    description: 'A magic-link session may change only `language`.',
    body: updateMeSchema,
    response: meSchema,
  }),
};
