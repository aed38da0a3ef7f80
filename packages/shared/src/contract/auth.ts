import { z } from 'zod';
import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  magicLinkLoginSchema,
  meSchema,
  phoneConfirmationSchema,
  resetLinkStatusSchema,
  resetPasswordSchema,
  sessionRefreshSchema,
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
  'POST /session/refresh': endpoint({
    summary: "Renew a worker's or supervisor's sign-in: the same session, ending FIELD_SESSION_DAYS from now",
    description:
      "Answers a new token for this session (the old one stays valid until its own `exp`); logout, a password change or archiving end both. An admin's sign-in (SESSION_HOURS) and a magic-link session are never renewed: 403. The web app calls it about once a day while it is used.",
    response: sessionRefreshSchema,
  }),
  'POST /forgot-password': endpoint({
    summary: 'Send a password-reset link by e-mail or SMS',
    description:
      'Send `email` or `phone` (like the sign-in), not both: an e-mail gets the link by e-mail, a phone by SMS. Answers the same, after the same time, whether or not the account exists.',
    body: forgotPasswordRequestSchema,
    status: 202,
    response: z.object({ ok: z.literal(true) }),
    errors: [429],
  }),
  'GET /forgot-password/status': endpoint({
    summary: 'Whether a reset or invitation link (its token as bearer) can still set a password',
    description:
      "Checked when the link is opened, before a password is typed; `language` is the owner's, for the page. A used, expired or unknown link answers `{ valid: false, purpose: null, language: null }`; nothing says whose link it is.",
    response: resetLinkStatusSchema,
    errors: [429],
  }),
  'PUT /forgot-password': endpoint({
    summary: 'Set a new password with the token from a reset or invitation link (as bearer), and sign in',
    description:
      'Every other session of the person ends, and a new one starts (as a sign-in with the new password would).',
    body: resetPasswordSchema,
    response: loginResponseSchema,
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
    description:
      'A magic-link session may change only `language`. A new mobile does not take effect at once: a 6-digit code goes by SMS to it (valid 15 minutes), and `pendingPhone` names it until POST /users/me/phone-confirmation applies it. A mobile already an active person’s is 409 PHONE_NOT_UNIQUE; `phone: null` removes mine at once.',
    body: updateMeSchema,
    response: meSchema,
    errors: [409],
  }),
  'POST /users/me/phone-confirmation': endpoint({
    summary: 'Confirm my new mobile with the code sent to it by SMS',
    description:
      'A wrong code is 400 PHONE_CODE_WRONG (`details.attemptsLeft`); the fifth wrong one drops the new mobile (429 PHONE_CODE_TOO_MANY_ATTEMPTS); none waiting, or past its 15 minutes, is 409 PHONE_CODE_EXPIRED; a mobile someone else took meanwhile is 409 PHONE_NOT_UNIQUE.',
    body: phoneConfirmationSchema,
    response: meSchema,
    errors: [409, 429],
  }),
};
