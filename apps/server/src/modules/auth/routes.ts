import type { ForgotPasswordRequestParsed } from '@brigade/shared';
import type { App } from '../../lib/app-types.ts';
import { bearerToken } from '../../lib/bearer-token.ts';
import { AppError } from '../../lib/errors.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { signInThrottleOf } from '../sessions/index.ts';
import { resetLinkStatus } from './link-status.ts';
import { login } from './login.ts';
import { loginWithMagicLink } from './magic-link.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { authPolicy } from './policy.ts';
import { logout, refreshSession } from './session.ts';

export default async function authRoutes(app: App) {
  const route = moduleRoutes(app, 'auth');
  const deps = () => ({
    db: app.deps.db,
    jwt: app.deps.jwt,
    sessions: app.deps.sessions,
    sessionHours: app.deps.config.SESSION_HOURS,
    fieldSessionDays: app.deps.config.FIELD_SESSION_DAYS,
    publicUrl: app.deps.config.PUBLIC_URL,
    signInThrottle: signInThrottleOf(app.deps.config),
  });
  const loginLimit = { rateLimit: { max: app.deps.config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' } };
  // Reset requests: per client address loosely (a whole office may share one), per account tightly.
  const forgotLimit = {
    rateLimit: { max: app.deps.config.FORGOT_PASSWORD_RATE_LIMIT, timeWindow: '15 minutes' },
  };
  const forgotPerAccount = app.createRateLimit({
    max: app.deps.config.FORGOT_PASSWORD_ACCOUNT_RATE_LIMIT,
    timeWindow: '15 minutes',
    keyGenerator: (request) => {
      const body = request.body as ForgotPasswordRequestParsed;
      return `forgot-password:${body.phone ?? body.email}`;
    },
  });

  route('POST /login', 'public', (request) => login(deps(), request.body), loginLimit);

  route('GET /logout', authPolicy.logout, (request) => logout(deps(), request.auth.sessionId));

  route('POST /session/refresh', authPolicy.refreshSession, (request) =>
    refreshSession(deps(), request.auth),
  );

  route(
    'POST /forgot-password',
    'public',
    async (request, reply) => {
      // In the handler, after validation, so that the account is the one the schema normalized.
      const limit = await forgotPerAccount(request);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header('retry-after', limit.ttlInSeconds);
        throw new AppError('TOO_MANY_REQUESTS', 'Too many requests for this account, try again later');
      }
      await requestPasswordReset(deps(), request.body);
      return { ok: true as const };
    },
    forgotLimit,
  );

  // Opening a link is checked like signing in with a magic link: per minute, apart from the
  // reset requests' budget, so that a link opened a few times never spends the one to submit it.
  route(
    'GET /forgot-password/status',
    'public',
    (request) => resetLinkStatus(app.deps.db, bearerToken(request)),
    loginLimit,
  );

  route(
    'PUT /forgot-password',
    'public',
    async (request) => {
      // The reset link's token comes as the bearer: it is what authorizes this call.
      const token = bearerToken(request);
      if (!token) throw new AppError('TOKEN_INVALID', 'This link is invalid or has expired');
      return resetPassword(deps(), token, request.body.password);
    },
    forgotLimit,
  );

  route(
    'POST /login-magic-link',
    'public',
    (request) => loginWithMagicLink(deps(), request.body.token),
    loginLimit,
  );
}
