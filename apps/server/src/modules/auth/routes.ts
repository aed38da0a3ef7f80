import type { App } from '../../lib/app-types.ts';
import { bearerToken } from '../../lib/bearer-token.ts';
import { AppError } from '../../lib/errors.ts';
import { moduleRoutes } from '../../lib/route.ts';
import { resetLinkStatus } from './link-status.ts';
import { authPolicy } from './policy.ts';
import * as auth from './service.ts';

export default async function authRoutes(app: App) {
  const route = moduleRoutes(app, 'auth');
  const deps = () => ({
    db: app.deps.db,
    jwt: app.deps.jwt,
    sessions: app.deps.sessions,
    sessionHours: app.deps.config.SESSION_HOURS,
    publicUrl: app.deps.config.PUBLIC_URL,
  });
  const loginLimit = { rateLimit: { max: app.deps.config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' } };
  const forgotLimit = {
    rateLimit: { max: app.deps.config.FORGOT_PASSWORD_RATE_LIMIT, timeWindow: '15 minutes' },
  };

  route('POST /login', 'public', (request) => auth.login(deps(), request.body), loginLimit);

  route('GET /logout', authPolicy.logout, (request) => auth.logout(deps(), request.auth.sessionId));

  route(
    'POST /forgot-password',
    'public',
    async (request) => {
      await auth.requestPasswordReset(deps(), request.body);
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
      await auth.resetPassword(deps(), token, request.body.password);
    },
    forgotLimit,
  );

  route(
    'POST /login-magic-link',
    'public',
    (request) => auth.loginWithMagicLink(deps(), request.body.token),
    loginLimit,
  );
}
