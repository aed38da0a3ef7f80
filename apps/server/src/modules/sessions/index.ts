// Sessions and one-time links: signing tokens, checking them on every request, ending them; the
// throttle of password guesses (sign-in, and the current password of a profile's change).
export { createJwt, type Jwt } from './jwt.ts';
export {
  consumeToken,
  issueToken,
  redeemToken,
  spendUserTokens,
  usableToken,
} from './one-time-tokens.ts';
export { type AuthContext, SessionStore } from './session-store.ts';
export { createSession, renewSession, revokeSession, revokeUserSessions } from './sessions.ts';
export {
  clearSignInFailures,
  recordSignInFailure,
  type SignInThrottle,
  signInThrottleOf,
  waitForSignInTurn,
} from './sign-in-throttle.ts';
