import { errors, jwtVerify, SignJWT } from 'jose';

export interface SessionClaims {
  /** user id */
  sub: string;
  /** session id: checked on every request so that logout and password resets end the session at once */
  sid: string;
  exp: number;
}

export function createJwt(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: { sub: string; sid: string }, expiresAt: Date): Promise<string> {
      return new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    /** Only HS256 with our key and a future `exp` passes; `alg: none`, other algorithms and expired tokens throw. */
    async verify(token: string): Promise<SessionClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub'],
        });
        if (
          typeof payload.sid !== 'string' ||
          typeof payload.sub !== 'string' ||
          typeof payload.exp !== 'number'
        ) {
          return null;
        }
        return { sub: payload.sub, sid: payload.sid, exp: payload.exp };
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
export type Jwt = ReturnType<typeof createJwt>;
