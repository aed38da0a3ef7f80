import {
  type ForgotPasswordRequestParsed,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  magicLinkLoginSchema,
  resetPasswordSchema,
} from '@brigade/shared';
import { z } from 'zod';
import type { App } from '../../lib/app-types.ts';
import { AppError } from '../../lib/errors.ts';
import { bearerToken, requireAuth } from '../../plugins/auth.ts';
import * as auth from './service.ts';

export default async function authRoutes(app: App) {
  const deps = () => ({
    db: app.deps.db,
    jwt: app.deps.jwt,
    sessions: app.deps.sessions,
    sessionHours: app.deps.config.SESSION_HOURS,
    publicUrl: app.deps.config.PUBLIC_URL,
    signInThrottle: {
      failuresBeforeDelay: app.deps.config.LOGIN_FAILURES_BEFORE_DELAY,
      windowMs: app.deps.config.LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
      maxDelayMs: app.deps.config.LOGIN_MAX_DELAY_SECONDS * 1000,
    },
  });
  const loginLimit = { max: app.deps.config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' };
  // Per client address loosely (a whole office may share one), per account tightly.
  const forgotLimit = { max: app.deps.config.FORGOT_PASSWORD_RATE_LIMIT, timeWindow: '15 minutes' };
  const forgotPerAccount = app.createRateLimit({
    max: app.deps.config.FORGOT_PASSWORD_ACCOUNT_RATE_LIMIT,
    timeWindow: '15 minutes',
    keyGenerator: (request) => {
      const body = request.body as ForgotPasswordRequestParsed;
      return `forgot-password:${body.channel === 'email' ? body.email : body.phone}`;
    },
  });

  app.post(
    '/login',
    {
      config: { access: 'public', rateLimit: loginLimit },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with an e-mail or a mobile phone, and a password',
        description:
          'Send `email` or `phone` (any common format; North American numbers need no country code), not both.',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => auth.login(deps(), request.body),
  );

  app.get(
    '/logout',
    {
      config: { access: { scopes: 'any' } },
      schema: { tags: ['auth'], summary: 'End this session at once' },
    },
    async (request, reply) => {
      await auth.logout(deps(), requireAuth(request).sessionId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/forgot-password',
    {
      config: { access: 'public', rateLimit: forgotLimit },
      // After validation, so that the account is the one the schema normalized.
      preHandler: async (request, reply) => {
        const limit = await forgotPerAccount(request);
        if (!limit.isAllowed && limit.isExceeded) {
          reply.header('retry-after', limit.ttlInSeconds);
          throw new AppError('TOO_MANY_REQUESTS', 'Too many requests for this account, try again later');
        }
      },
      schema: {
        tags: ['auth'],
        summary: 'Send a password-reset link by e-mail or SMS',
        description: 'Answers the same whether or not the account exists.',
        body: forgotPasswordRequestSchema,
        response: { 202: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      await auth.requestPasswordReset(deps(), request.body);
      return reply.status(202).send({ ok: true });
    },
  );

  app.put(
    '/forgot-password',
    {
      config: { access: 'public', rateLimit: forgotLimit },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token from a reset link (as bearer)',
        body: resetPasswordSchema,
      },
    },
    async (request, reply) => {
      const token = bearerToken(request);
      if (!token) throw new AppError('TOKEN_INVALID', 'This link is invalid or has expired');
      await auth.resetPassword(deps(), token, request.body.password);
      return reply.status(204).send();
    },
  );

  app.post(
    '/login-magic-link',
    {
      config: { access: 'public', rateLimit: loginLimit },
      schema: {
        tags: ['auth'],
        summary: 'Exchange a magic-link token for a session limited to what the link was issued for',
        body: magicLinkLoginSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => auth.loginWithMagicLink(deps(), request.body.token),
  );
}
