// Sessions and one-time links: signing tokens, checking them on every request, ending them.
export { createJwt, type Jwt } from './jwt.ts';
export {
  consumeToken,
  issueToken,
  redeemToken,
  spendUserTokens,
  type TokenPurpose,
  usableToken,
} from './one-time-tokens.ts';
export { type AuthContext, SessionStore } from './session-store.ts';
export { createSession, renewSession, revokeSession, revokeUserSessions } from './sessions.ts';
